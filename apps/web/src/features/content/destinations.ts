import { DRAFT_CHANNELS, PROVIDER_CHANNELS, type TDraft, type TDraftChannel, type TSocialConnection } from '@hookline/shared';
import { CONNECTION_STATUS_LABELS } from '@/lib/channel-labels';

/**
 * The accounts a draft of this channel can go to, oldest first as the server lists them: a draft
 * that names none goes to the first. Demo channels have no account behind them, so the server
 * publishes their drafts in Hookline only: they are left out here too.
 */
export const accountsOf = (channel: TDraftChannel, connections: readonly TSocialConnection[]) =>
  connections.filter((connection) => !connection.demo && PROVIDER_CHANNELS[connection.provider] === channel);

/** The account the draft goes to: the one it names while it is still there, else the channel's first. */
export const currentAccount = (draft: Pick<TDraft, 'connectionId'>, accounts: readonly TSocialConnection[]) =>
  accounts.find((account) => account.id === draft.connectionId) ?? accounts[0] ?? null;

/** "@acme", or "@acme (Re-auth needed)" for an account that cannot post until it is reconnected. */
export const accountName = (account: TSocialConnection) =>
  account.status === 'connected' ? account.handle : `${account.handle} (${CONNECTION_STATUS_LABELS[account.status]})`;

export interface DuplicateTarget {
  key: string;
  channel: TDraftChannel;
  /** Sent only where the channel has several accounts; otherwise the copy goes to its only one (or Hookline only). */
  connectionId: string | null;
  /** The account the copy goes to; null when none of the channel is connected. */
  account: TSocialConnection | null;
}

/**
 * Where "Duplicate to…" can copy a draft: each other channel, once per account where it has
 * several; and the other accounts of the draft's own channel, where it has several.
 */
export function duplicateTargets(
  draft: Pick<TDraft, 'channel' | 'connectionId'>,
  connections: readonly TSocialConnection[],
): DuplicateTarget[] {
  return DRAFT_CHANNELS.flatMap((channel): DuplicateTarget[] => {
    const accounts = accountsOf(channel, connections);
    const own = channel === draft.channel;
    if (accounts.length < 2) return own ? [] : [{ key: channel, channel, connectionId: null, account: accounts[0] ?? null }];
    const current = own ? currentAccount(draft, accounts) : null;
    return accounts
      .filter((account) => account !== current)
      .map((account) => ({ key: `${channel}:${account.id}`, channel, connectionId: account.id, account }));
  });
}
