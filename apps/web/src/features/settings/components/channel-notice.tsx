import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { X } from 'lucide-react';
import { SOCIAL_PROVIDER_LABELS, ZSocialProvider } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';

type Notice = { tone: 'success' | 'error'; text: string };

function noticeFrom(params: URLSearchParams): Notice | null {
  const error = params.get('channelError');
  if (error) return { tone: 'error', text: `Could not connect the channel: ${error}` };
  const connected = ZSocialProvider.safeParse(params.get('connected'));
  return connected.success ? { tone: 'success', text: `${SOCIAL_PROVIDER_LABELS[connected.data]} channel connected.` } : null;
}

/**
 * The result of a trip to a provider (?connected={provider} or ?channelError={message}), kept until
 * dismissed; the query is taken off the URL at once so a reload does not show it again.
 */
export function ChannelNotice() {
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState(() => noticeFrom(params));
  const hasResult = params.has('connected') || params.has('channelError');

  useEffect(() => {
    if (!hasResult) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('channelError');
        return next;
      },
      { replace: true },
    );
  }, [hasResult, setParams]);

  if (!notice) return null;
  return (
    <Alert tone={notice.tone} className="flex items-start justify-between gap-3">
      <span>{notice.text}</span>
      <button type="button" className="-m-1 rounded p-1 opacity-70 hover:opacity-100" aria-label="Dismiss" onClick={() => setNotice(null)}>
        <X className="size-4" aria-hidden />
      </button>
    </Alert>
  );
}
