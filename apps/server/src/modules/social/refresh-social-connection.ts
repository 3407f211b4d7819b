import type { TSocialConnection, TWorkspace } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box.ts';
import { changeWithStaffRecord } from '../workspaces/record-staff-action.ts';
import { channelOAuthClient, classifyTokenError } from './channel-oauth-client.ts';
import { callbackUrlOf, channelName, getChannelProvider } from './channel-providers.ts';
import { DEMO_ACCOUNT_ID, findSocialConnection, toSocialConnection } from './list-social-connections.ts';
import { REFRESH_TOKEN_CONTEXT, sealTokens } from './seal-tokens.ts';

/**
 * Gets a new access token with the stored refresh token.
 * - Success: new tokens stored (the old refresh token stays when the provider sent none), connected.
 * - The provider refuses the grant (invalid_grant, any 400/401), or there is no usable refresh
 *   token: needs_reauth with lastError, answered 409: only reconnecting helps.
 * - The provider is unreachable (network, timeout, 5xx): status unchanged, lastError recorded,
 *   answered 502: trying later may help.
 * A refresh by staff goes on the client's timeline, in the transaction that stores the new tokens.
 */
export async function refreshSocialConnection(
  deps: { config: AppConfig; db: Db; box: SecretBox },
  input: { workspace: Pick<TWorkspace, 'id' | 'access'>; who: string; id: string },
): Promise<TSocialConnection> {
  const { db } = deps;
  const refreshed = (store: (trx: Db) => Promise<TSocialConnection>) =>
    changeWithStaffRecord(
      db,
      { workspace: input.workspace, who: input.who },
      store,
      (connection) => `Channel refreshed: ${channelName(connection)}`,
    );
  const row = await findSocialConnection(db, input.workspace.id, input.id);
  // A demo channel has no tokens to renew and stays as it is.
  if (row.accountId === DEMO_ACCOUNT_ID) return refreshed(async () => toSocialConnection(row));
  const provider = getChannelProvider(deps.config, row.provider);
  const label = provider.label;
  const update = (changes: { status?: string; lastError: string | null }) =>
    db
      .updateTable('socialConnection')
      .set({ ...changes, updatedAt: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
  const needsReauth = async (message: string): Promise<never> => {
    await update({ status: 'needs_reauth', lastError: message });
    throw new HttpError(409, message);
  };

  if (!row.refreshToken) return needsReauth(`${label} gave no refresh token for ${row.handle}. Reconnect the channel.`);
  let refreshToken: string;
  try {
    refreshToken = deps.box.open(row.refreshToken, REFRESH_TOKEN_CONTEXT);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    return needsReauth(`The stored ${label} tokens can no longer be read (the encryption key changed). Reconnect the channel.`);
  }

  let sealed;
  try {
    const tokens = await channelOAuthClient(provider, callbackUrlOf(deps.config, provider.id)).refreshAccessToken(refreshToken);
    sealed = sealTokens(deps.box, tokens, []);
  } catch (error) {
    const failure = classifyTokenError(error);
    if (failure.kind === 'rejected')
      return needsReauth(`${label} no longer accepts this connection (${failure.detail}). Reconnect the channel.`);
    const message = `Could not reach ${label} to refresh ${row.handle} (${failure.detail}). Please try again later.`;
    await update({ lastError: message });
    throw new HttpError(502, message);
  }

  return refreshed(async (trx) =>
    toSocialConnection(
      await trx
        .updateTable('socialConnection')
        .set({
          accessToken: sealed.accessToken,
          refreshToken: sealed.refreshToken ?? row.refreshToken,
          expiresAt: sealed.expiresAt,
          scope: sealed.scope ?? row.scope,
          status: 'connected',
          lastError: null,
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    ),
  );
}
