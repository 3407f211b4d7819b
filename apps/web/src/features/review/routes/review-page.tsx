import { useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { TReviewDraft } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { browserTimeZone, formatDateTime, formatFull } from '@/lib/zoned-time';
import { useReviewPage } from '../api/look-up-review';
import { ReviewDraftCard } from '../components/review-draft-card';
import { linkRefusalHelp } from '../link-refusal';
import { readReviewerName, rememberReviewerName } from '../reviewer-name';

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl px-4 pb-16 pt-28 sm:pt-32">{children}</div>;
}

/**
 * Target of a review link's mail: /review#token=…. The token sits in the fragment, which the
 * browser never sends to the server; the page posts it in bodies. No account is needed: the
 * reviewer signs each decision with a name, asked once per tab.
 */
export default function ReviewPage() {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.slice(1)).get('token');
  const review = useReviewPage(token);
  const timeZone = browserTimeZone();

  if (!token) {
    return (
      <Frame>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Review drafts</h1>
        <Alert tone="error" className="mt-4">
          This review link is incomplete. Open the link in your email again.
        </Alert>
      </Frame>
    );
  }
  if (review.isPending) {
    return (
      <Frame>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Review drafts</h1>
        <p role="status" className="mt-4 text-sm text-slate-600">
          Opening the drafts for your review…
        </p>
      </Frame>
    );
  }
  if (review.isError) {
    const help = linkRefusalHelp(review.error);
    return (
      <Frame>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Review drafts</h1>
        <Alert tone="error" className="mt-4">
          {errorMessage(review.error, 'We could not open this review. Please try again.')}
        </Alert>
        {help ? (
          <p className="mt-3 text-sm text-slate-600">{help}</p>
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => void review.refetch()}>
            Try again
          </Button>
        )}
      </Frame>
    );
  }

  const { workspaceName, expiresAt, drafts } = review.data;
  return (
    <Frame>
      <h1 className="text-2xl font-semibold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {workspaceName} — drafts for your review
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Approve each draft, or say what should change. This link works until{' '}
        <time dateTime={expiresAt} title={formatFull(expiresAt, timeZone)}>
          {formatDateTime(expiresAt, timeZone)}
        </time>
        .
      </p>
      <ReviewerDrafts token={token} drafts={drafts} timeZone={timeZone} />
    </Frame>
  );
}

/** The name field and the drafts: a decision without a name brings the reviewer back to the field. */
function ReviewerDrafts({ token, drafts, timeZone }: { token: string; drafts: TReviewDraft[]; timeZone: string }) {
  const nameId = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(readReviewerName);
  const [nameMissing, setNameMissing] = useState(false);

  const reviewerName = () => {
    const signed = name.trim();
    if (signed) return signed;
    setNameMissing(true);
    nameInput.current?.focus();
    return null;
  };

  return (
    <>
      <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <Label htmlFor={nameId}>Your name</Label>
        <Input
          ref={nameInput}
          id={nameId}
          autoComplete="name"
          value={name}
          maxLength={120}
          onChange={(event) => {
            setName(event.target.value);
            rememberReviewerName(event.target.value);
            if (event.target.value.trim()) setNameMissing(false);
          }}
          aria-invalid={nameMissing}
          aria-describedby={`${nameId}-hint`}
          className="sm:max-w-sm"
        />
        {nameMissing ? (
          <p id={`${nameId}-hint`} role="alert" className="mt-1 text-sm text-red-700">
            Enter your name first: it is shown with your decisions.
          </p>
        ) : (
          <p id={`${nameId}-hint`} className="mt-1 text-xs text-slate-500">
            Shown with your decisions and comments.
          </p>
        )}
      </div>

      {drafts.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">There are no drafts left to review on this link.</p>
      ) : (
        <ul aria-label="Drafts" className="mt-6 grid gap-5">
          {drafts.map((draft) => (
            <li key={draft.id}>
              <ReviewDraftCard token={token} draft={draft} timeZone={timeZone} reviewerName={reviewerName} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
