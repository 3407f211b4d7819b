import { LayoutDashboard } from 'lucide-react';
import type { TAdminCalendarPost } from '@hookline/shared';
import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PostDetails, postName } from '@/features/calendar/components/post-details';

/**
 * The client's calendar in their workspace, opened by a page load (like the clients list's Open
 * workspace), so nothing cached from another workspace shows there; moving the post happens there.
 */
const workspaceCalendarUrl = (clientId: string) => `/dashboard/calendar?${new URLSearchParams({ workspace: clientId })}`;

/** A post of the agency calendar: its details, and the way into its client's workspace. */
export function CalendarPostDialog({ post, timeZone, onClose }: { post: TAdminCalendarPost; timeZone: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={postName(post)}>
      <PostDetails post={post} timeZone={timeZone} owner={post.workspaceName} />
      <div className="mt-5 flex justify-end">
        <a href={workspaceCalendarUrl(post.workspaceId)} className={buttonClasses('secondary', 'sm')}>
          <LayoutDashboard className="size-4" aria-hidden /> Open workspace<span className="sr-only"> of {post.workspaceName}</span>
        </a>
      </div>
    </Dialog>
  );
}
