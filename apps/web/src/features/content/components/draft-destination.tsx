import { useId } from 'react';
import { type TDraft, type TDraftChannel, type TUpdateDraftRequest } from '@hookline/shared';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useSocialConnections } from '@/lib/client-data/list-social-connections';
import { toast } from '@/lib/toast';
import { useUpdateDraft } from '../api/update-draft';
import { accountName, accountsOf, currentAccount } from '../destinations';
import { ChannelOptions } from '@/components/channel-options';

/**
 * Where a draft goes: its channel, and the account of the channel it posts to. An Account select
 * when the workspace has several accounts of the channel; a quiet line naming the only one, or
 * saying that without one it publishes in Hookline only. Each change is saved at once.
 */
export function DraftDestination({ draft, onChannelChange }: { draft: TDraft; onChannelChange: (moved: TDraft) => void }) {
  const channelId = useId();
  const accountId = useId();
  const connections = useSocialConnections();
  const move = useUpdateDraft(draft.id);
  // Shows the choice on its way rather than the value it replaces, until the list has reloaded.
  const asked = move.isPending ? move.variables : undefined;
  const channel = asked?.channel ?? draft.channel;
  const accounts = connections.data ? accountsOf(channel, connections.data) : null;
  const connectionId = asked?.connectionId !== undefined ? asked.connectionId : draft.connectionId;
  const current = accounts ? currentAccount({ connectionId }, accounts) : null;

  const change = (input: TUpdateDraftRequest, failure: string, onSuccess?: (moved: TDraft) => void) =>
    move.mutate(input, {
      onSuccess,
      onError: (error) => toast.error(failure, { description: errorMessage(error, 'Unknown error') }),
    });

  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-1.5 px-4 pt-3">
      <div className="min-w-0 flex-1 basis-36">
        <Label htmlFor={channelId} className="mb-1">
          Channel
        </Label>
        <Select
          id={channelId}
          value={channel}
          onChange={(event) => change({ channel: event.target.value as TDraftChannel }, 'Could not change the channel', onChannelChange)}
          className="w-full"
        >
          <ChannelOptions />
        </Select>
      </div>
      {accounts && current && accounts.length > 1 ? (
        <div className="min-w-0 flex-1 basis-44">
          <Label htmlFor={accountId} className="mb-1">
            Account
          </Label>
          <Select
            id={accountId}
            value={current.id}
            onChange={(event) => change({ connectionId: event.target.value }, 'Could not change the account')}
            className="w-full"
          >
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {accountName(account)}
              </option>
            ))}
          </Select>
        </div>
      ) : accounts ? (
        <p className="min-w-0 flex-1 basis-44 break-words pb-2.5 text-xs text-slate-500">
          {current ? `Posts to ${accountName(current)}` : 'Not connected: publishes in Hookline only'}
        </p>
      ) : null}
    </div>
  );
}
