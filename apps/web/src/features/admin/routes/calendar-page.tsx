import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminCalendar } from '@/features/calendar/api/get-admin-calendar';
import { CalendarBoard } from '@/features/calendar/components/calendar-board';
import { CalendarResults } from '@/features/calendar/components/calendar-results';
import { CalendarToolbar } from '@/features/calendar/components/calendar-toolbar';
import { ChannelSelect, channelParam } from '@/features/calendar/components/channel-select';
import { useCalendarNavigation } from '@/features/calendar/use-calendar-navigation';
import { browserTimeZone } from '@/lib/zoned-time';
import { CalendarClientFilter } from '../components/calendar-client-filter';
import { CalendarPostDialog } from '../components/calendar-post-dialog';
import { PageHeader } from '../components/shared/page-header';

/**
 * The agency calendar: posts across the clients this staff member sees (a manager: their assigned
 * ones), by week or month, filtered by client and channel (in the address). Clients may be in many
 * zones, so times are in the staff member's own; posts move inside the client's workspace.
 */
export default function AdminCalendarPage() {
  const timeZone = browserTimeZone();
  const navigation = useCalendarNavigation(timeZone);
  const [params, setParams] = useSearchParams();
  const channel = channelParam(params.get('channel'));
  const clientId = params.get('client') || undefined;
  const [clientSearch, setClientSearch] = useState('');
  const calendar = useAdminCalendar({ ...navigation.range, channel, clientId });
  const [openId, setOpenId] = useState<string | null>(null);
  const posts = calendar.data?.posts ?? [];
  const open = posts.find((post) => post.id === openId) ?? null;

  const setParam = (name: string, value: string | undefined) =>
    setParams((current) => {
      const search = new URLSearchParams(current);
      if (value) search.set(name, value);
      else search.delete(name);
      return search;
    });

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Calendar"
        subtitle={`Scheduled, published and failed posts of your clients. Times in ${timeZone.replaceAll('_', ' ')}. Open a post to go to its client's workspace.`}
      />
      <CalendarToolbar navigation={navigation}>
        <CalendarClientFilter
          clientId={clientId}
          onChange={(next) => setParam('client', next)}
          search={clientSearch}
          onSearch={setClientSearch}
        />
        <ChannelSelect value={channel} onChange={(next) => setParam('channel', next)} />
      </CalendarToolbar>
      <CalendarResults calendar={calendar} shown={posts.length} narrowBy="a client, a channel">
        <CalendarBoard
          view={navigation.view}
          days={navigation.days}
          anchor={navigation.anchor}
          today={navigation.today}
          posts={posts}
          timeZone={timeZone}
          ownerOf={(post) => post.workspaceName}
          onOpen={(post) => setOpenId(post.id)}
        />
      </CalendarResults>
      {open ? <CalendarPostDialog post={open} timeZone={timeZone} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
