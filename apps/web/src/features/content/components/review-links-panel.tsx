import type { TReviewLink } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatDateTime, formatFull } from '@/lib/zoned-time';
import { useReviewLinks } from '../api/list-review-links';
import { useRevokeReviewLink } from '../api/revoke-review-link';
import { countDrafts } from '../labels';

const STATUS: Record<TReviewLink['status'], { label: string; tone: 'success' | 'neutral' }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'neutral' },
};

/** When a link stops, or stopped, working. */
function endOf(link: TReviewLink, timeZone: string) {
  if (link.status === 'revoked' && link.revokedAt)
    return { at: link.revokedAt, text: `Revoked ${formatDateTime(link.revokedAt, timeZone)}` };
  const verb = link.status === 'expired' ? 'Expired' : 'Expires';
  return { at: link.expiresAt, text: `${verb} ${formatDateTime(link.expiresAt, timeZone)}` };
}

/** Staff's list of the workspace's review links, newest first, with Revoke for the ones still working (a chunk of its own). */
export default function ReviewLinksPanel({ timeZone }: { timeZone: string }) {
  const links = useReviewLinks();
  const revoke = useRevokeReviewLink();

  const revokeLink = (link: TReviewLink) =>
    revoke.mutate(link.id, {
      onSuccess: () => toast.success('Review link revoked', { description: `The link sent to ${link.email} no longer opens.` }),
      onError: (error) => toast.error('Could not revoke the review link', { description: errorMessage(error, 'Unknown error') }),
    });

  return (
    <SectionCard title="Review links" description="Links sent to review drafts without signing in." className="mt-8">
      {links.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>Could not load the review links: {links.error.message}</span>
          <Button size="sm" variant="secondary" onClick={() => void links.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : links.isPending ? (
        <SkeletonLines count={2} />
      ) : links.data.links.length === 0 ? (
        <p className="text-sm text-slate-500">No review links yet. Select drafts above and send one.</p>
      ) : (
        <ul aria-label="Review links" className="divide-y divide-slate-100">
          {links.data.links.map((link) => {
            const status = STATUS[link.status];
            const end = endOf(link, timeZone);
            const revoking = revoke.isPending && revoke.variables === link.id;
            return (
              <li key={link.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm">
                <span className="min-w-0 break-all font-medium text-slate-900">{link.email}</span>
                <span className="text-slate-600">{countDrafts(link.draftIds.length)}</span>
                <Badge tone={status.tone}>{status.label}</Badge>
                <span className="text-slate-500" title={formatFull(end.at, timeZone)}>
                  {end.text}
                </span>
                {link.status === 'active' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ml-auto text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => revokeLink(link)}
                    disabled={revoking}
                    aria-label={`Revoke the link sent to ${link.email}`}
                  >
                    {revoking ? 'Revoking…' : 'Revoke'}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
