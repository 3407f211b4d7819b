import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TDraft, TDraftChannel } from '@hookline/shared';
import { errorMessage } from '@/lib/api-client';
import { useTimeZone } from '@/lib/client-data/use-time-zone';
import { toast } from '@/lib/toast';
import { formatDateTime } from '@/lib/zoned-time';
import { useCalendar } from '../api/get-calendar';
import { useMovePost } from '../api/move-post';
import { firstWords } from '../calendar-days';
import { CalendarBoard } from '../components/calendar-board';
import { CalendarResults } from '../components/calendar-results';
import { CalendarToolbar } from '../components/calendar-toolbar';
import { ChannelSelect, channelParam } from '../components/channel-select';
import { MovePostDialog } from '../components/move-post-dialog';
import { useCalendarNavigation } from '../use-calendar-navigation';

/** "Instagram post “Spring menu…”": a post as an announcement names it. */
const named = (post: TDraft) => (post.text.trim() ? `“${firstWords(post.text, 5)}”` : 'The post');

/**
 * The dashboard's Calendar: the workspace's queued, publishing, published, failed and held posts by
 * week or month, in the workspace's zone (else the browser's). A queued, failed or held post moves
 * by drag and drop, or from its dialog; each move is announced.
 */
export default function CalendarPage() {
  const { timeZone, ready } = useTimeZone();
  const navigation = useCalendarNavigation(timeZone);
  const [params, setParams] = useSearchParams();
  const channel = channelParam(params.get('channel'));
  const calendar = useCalendar({ ...navigation.range, channel }, ready);
  const movePost = useMovePost();
  const [openId, setOpenId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const posts = calendar.data?.posts ?? [];
  const open = posts.find((post) => post.id === openId) ?? null;

  const setChannel = (next: TDraftChannel | undefined) =>
    setParams((current) => {
      const search = new URLSearchParams(current);
      if (next) search.set('channel', next);
      else search.delete('channel');
      return search;
    });

  /** Moves the post to a wall-clock time in the shown zone; the server turns it into an instant and refuses a past one. */
  const move = async (post: TDraft, local: string) => {
    const moved = await movePost.mutateAsync({ id: post.id, body: { local, timeZone } });
    setAnnouncement(`${named(post)} moved to ${moved.scheduledAt ? formatDateTime(moved.scheduledAt, timeZone) : local}.`);
  };
  const drop = (post: TDraft, local: string) =>
    move(post, local).catch((error: unknown) => {
      const message = errorMessage(error, 'Unknown error');
      setAnnouncement(`${named(post)} was not moved: ${message}`);
      toast.error('Could not move the post', { description: message });
    });

  return (
    <div className="mx-auto max-w-7xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Calendar</h1>
        <p className="mt-1 text-sm text-slate-600">
          Scheduled, published and failed posts. Times in {timeZone.replaceAll('_', ' ')}. Drag a queued, failed or held post to another day
          or hour, or open it to move it.
        </p>
      </header>
      <CalendarToolbar navigation={navigation}>
        <ChannelSelect value={channel} onChange={setChannel} />
      </CalendarToolbar>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <CalendarResults calendar={calendar} shown={posts.length} narrowBy="a channel">
        <CalendarBoard
          view={navigation.view}
          days={navigation.days}
          anchor={navigation.anchor}
          today={navigation.today}
          posts={posts}
          timeZone={timeZone}
          onOpen={(post) => setOpenId(post.id)}
          onMove={(post, local) => void drop(post, local)}
        />
      </CalendarResults>
      {open ? (
        <MovePostDialog
          key={open.id}
          post={open}
          timeZone={timeZone}
          onClose={() => setOpenId(null)}
          move={move}
          onSaved={setAnnouncement}
        />
      ) : null}
    </div>
  );
}
