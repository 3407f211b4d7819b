import { useId } from 'react';
import { Link } from 'react-router';
import { Plug } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The Overview's 'Connect a channel' prompt, shown while no channel is connected. A teammate cannot
 * connect one: for them it says so, with `readOnlyReason` naming who can, in place of the button.
 */
export function ConnectChannelPrompt({ hasChannels, readOnlyReason }: { hasChannels: boolean; readOnlyReason: string | null }) {
  const headingId = useId();
  const canConnect = readOnlyReason === null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-700 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:p-6"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/15">
        <Plug className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="text-base font-semibold">
          {canConnect ? 'Connect a channel' : 'No channel connected'}
        </h2>
        <p className="mt-0.5 text-sm text-brand-50">
          {canConnect
            ? hasChannels
              ? 'None of your channels is connected right now. Reconnect one so Hookline can publish and report on it.'
              : 'Link your YouTube, LinkedIn, X, Instagram, Mastodon or Bluesky account so Hookline can publish your posts and report on them.'
            : `Hookline can publish and report only through a connected channel. ${readOnlyReason}`}
        </p>
      </div>
      {canConnect ? (
        <Button asChild variant="inverse">
          <Link to="/dashboard/settings">{hasChannels ? 'Reconnect a channel' : 'Connect a channel'}</Link>
        </Button>
      ) : null}
    </section>
  );
}
