import type { TSocialConnection, TWorkspace } from '@hookline/shared';
import { HttpError } from '../../lib/http-error.ts';
import { recordStaffAction } from '../workspaces/record-staff-action.ts';
import { channelName } from './channel-providers.ts';
import { findSocialConnection, toSocialConnection } from './list-social-connections.ts';
import { renewChannelTokens, type ChannelDeps } from './renew-channel-tokens.ts';

/**
 * The Refresh button: renews the channel's access now.
 * - Success: new tokens stored (the old refresh token stays when the network sent none), connected.
 * - The network refuses (invalid_grant, any 400/401), or there is no usable refresh token:
 *   needs_reauth with lastError (and the owner mailed), answered 409: only reconnecting helps.
 * - The network is unreachable (network, timeout, 5xx): status unchanged, lastError recorded,
 *   answered 502: trying later may help.
 * A refresh by staff goes on the client's timeline, in the transaction that stores the new tokens.
 */
export async function refreshSocialConnection(
  deps: ChannelDeps,
  input: { workspace: Pick<TWorkspace, 'id' | 'access'>; who: string; id: string },
): Promise<TSocialConnection> {
  const row = await findSocialConnection(deps.db, input.workspace.id, input.id);
  const outcome = await renewChannelTokens(deps, row, (trx, renewed) =>
    recordStaffAction(trx, input.workspace, input.who, `Channel refreshed: ${channelName(renewed)}`),
  );
  if (!outcome.ok) throw new HttpError(outcome.kind === 'rejected' ? 409 : 502, outcome.message);
  return toSocialConnection(outcome.row);
}
