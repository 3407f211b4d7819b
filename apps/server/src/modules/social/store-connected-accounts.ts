import type { TSocialProvider, TWorkspace } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AccountProfile, TokenSet } from '../networks/network-adapter.ts';
import type { NetworkAdapters } from '../networks/network-adapters.ts';
import { changeWithStaffRecord } from '../workspaces/record-staff-action.ts';
import { channelName } from './channel-providers.ts';
import { sealTokens } from './seal-tokens.ts';
import { upsertSocialConnection } from './upsert-social-connection.ts';

/** Freshly issued tokens, and the accounts they post as: the account itself, then any pages. */
export interface ConnectedTokens {
  tokens: TokenSet;
  accounts: AccountProfile[];
}

/**
 * What a just-issued token is good for: the network's final token (Instagram swaps a short-lived
 * one for a long-lived one), the account behind it and the pages it may post as (LinkedIn
 * organization pages).
 */
export async function readConnectedAccounts(
  adapters: NetworkAdapters,
  provider: TSocialProvider,
  issued: TokenSet,
  instanceUrl: string | null,
): Promise<ConnectedTokens> {
  const adapter = adapters[provider];
  if (!adapter) throw new Error(`No adapter for ${provider}`);
  const signal = AbortSignal.timeout(30_000);
  const tokens = adapter.finishConnect ? await adapter.finishConnect(issued, { signal }) : issued;
  const account = await adapter.fetchAccount(tokens.accessToken, instanceUrl, { signal });
  // Pages are a bonus: a member without pages, or without the scope to list them, still connects.
  const pages = adapter.listPages ? await adapter.listPages(tokens.accessToken, { signal }).catch(() => []) : [];
  return { tokens, accounts: [account, ...pages] };
}

/**
 * Stores each account as a connection of the workspace, with the tokens sealed (a reconnect of the
 * same account updates it, keeping a refresh token the network did not send again); what staff
 * connect goes on the client's timeline, in the same transaction.
 */
export async function storeConnectedAccounts(
  deps: { config: AppConfig; db: Db; box: SecretBox },
  input: {
    workspace: Pick<TWorkspace, 'id' | 'access'>;
    who: string;
    provider: TSocialProvider;
    instanceUrl: string | null;
    connected: ConnectedTokens;
    scope: string | null;
  },
): Promise<void> {
  const { accounts, tokens } = input.connected;
  const sealed = sealTokens(deps.box, tokens, input.scope);
  await changeWithStaffRecord(
    deps.db,
    { workspace: input.workspace, who: input.who },
    async (trx) => {
      for (const account of accounts) {
        await upsertSocialConnection(trx, {
          workspaceId: input.workspace.id,
          provider: input.provider,
          accountId: account.accountId,
          handle: account.handle,
          instanceUrl: input.instanceUrl,
          tokens: sealed,
        });
      }
    },
    () => `Channel connected: ${accounts.map((account) => channelName({ provider: input.provider, handle: account.handle })).join(', ')}`,
  );
}
