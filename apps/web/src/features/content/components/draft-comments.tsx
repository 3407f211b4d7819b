import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isStaffAccess, type TDraftComment, type TWorkspaceAccessLevel } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatFull } from '@/lib/zoned-time';
import { useAddDraftComment } from '../api/add-draft-comment';
import { useDraftComments } from '../api/list-draft-comments';
import { formatRelative } from '../relative-time';

/** Who wrote a comment, beside their name; the workspace's own people need no label. */
const KIND_LABELS: Record<TDraftComment['authorKind'], string | null> = { client: null, staff: 'Hookline team', reviewer: 'Reviewer' };

/**
 * A draft's comment thread (a chunk of its own, loaded when first opened): the comments, oldest
 * first, and a form to add one. Staff may mark theirs internal; the server never sends those to
 * anyone else, so only staff see the checkbox and the "Internal" marks.
 */
export default function DraftComments({
  id,
  draftId,
  name,
  access,
  timeZone,
}: {
  id: string;
  draftId: string;
  /** The draft as a sentence names it ("Instagram post"), for the region and the field. */
  name: string;
  access: TWorkspaceAccessLevel;
  timeZone: string;
}) {
  const fieldId = useId();
  const comments = useDraftComments(draftId);
  const add = useAddDraftComment(draftId);
  const staff = isStaffAccess(access);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (add.isPending) return;
    if (!text.trim()) return setError('Write a comment first.');
    setError(null);
    add.mutate(
      { text: text.trim(), internal: staff && internal },
      {
        onSuccess: () => {
          setText('');
          setInternal(false);
        },
        onError: (failure) => setError(errorMessage(failure, 'Could not add the comment. Please try again.')),
      },
    );
  };

  // Ctrl+Enter (⌘+Enter) sends, as in most comment boxes; Enter alone starts a new line.
  const sendOnCtrlEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  return (
    <section id={id} aria-label={`Comments on the ${name}`} className="border-t border-slate-100 px-4 py-3">
      {comments.isError ? (
        <Alert tone="error" className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <span>Could not load the comments: {comments.error.message}</span>
          <Button size="sm" variant="secondary" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : comments.isPending ? (
        <p role="status" className="mb-3 text-sm text-slate-500">
          Loading comments…
        </p>
      ) : comments.data.length === 0 ? (
        <p className="mb-3 text-sm text-slate-500">No comments yet.</p>
      ) : null}
      {/* Always present, so that a screen reader announces comments as they arrive. */}
      <ol aria-live="polite" aria-label="Comments" className="grid gap-2">
        {comments.data?.map((comment) => (
          <CommentItem key={comment.id} comment={comment} timeZone={timeZone} />
        ))}
      </ol>

      <form onSubmit={submit} noValidate className="mt-3 grid gap-2">
        <Label htmlFor={fieldId} className="sr-only">
          Add a comment on the {name}
        </Label>
        <Textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={sendOnCtrlEnter}
          placeholder="Add a comment…"
          maxLength={4000}
          rows={2}
          className="min-h-16"
          aria-invalid={error !== null && !text.trim()}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          {staff ? (
            <Checkbox label="Internal (staff only)" checked={internal} onChange={(event) => setInternal(event.target.checked)} />
          ) : null}
          <Button type="submit" size="sm" className="ml-auto" disabled={add.isPending}>
            {add.isPending ? 'Sending…' : 'Comment'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function CommentItem({ comment, timeZone }: { comment: TDraftComment; timeZone: string }) {
  const kind = KIND_LABELS[comment.authorKind];
  return (
    <li className={cn('rounded-lg px-3 py-2 text-sm', comment.internal ? 'bg-amber-50 ring-1 ring-amber-200' : 'bg-slate-50')}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-slate-900">{comment.authorName}</span>
        {kind ? <span className="text-xs text-slate-600">{kind}</span> : null}
        {comment.internal ? <Badge tone="warning">Internal</Badge> : null}
        <time dateTime={comment.createdAt} title={formatFull(comment.createdAt, timeZone)} className="ml-auto text-xs text-slate-500">
          {formatRelative(comment.createdAt, timeZone)}
        </time>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{comment.text}</p>
    </li>
  );
}
