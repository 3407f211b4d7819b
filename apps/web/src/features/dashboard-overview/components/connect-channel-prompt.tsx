import { useId } from 'react';
import { Link } from 'react-router';
import { Plug } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The Overview's 'Connect a channel' prompt, shown while no channel is connected. */
export function ConnectChannelPrompt({ hasChannels }: { hasChannels: boolean }) {
  const headingId = useId();
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
          Connect a channel
        </h2>
        <p className="mt-0.5 text-sm text-brand-50">
          {hasChannels
            ? 'None of your channels is connected right now. Reconnect one so Hookline can publish and report on it.'
            : 'Link your YouTube or LinkedIn account so Hookline can publish your posts and report on them.'}
        </p>
      </div>
      <Button asChild variant="inverse">
        <Link to="/dashboard/settings">{hasChannels ? 'Reconnect a channel' : 'Connect a channel'}</Link>
      </Button>
    </section>
  );
}
