import { setTimeout as delay } from 'node:timers/promises';
import { SOCIAL_PROVIDER_LABELS } from '@hookline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box.ts';
import type { NetworkAdapters } from '../networks/network-adapters.ts';
import { TokenRefusedError, type TokenSet } from '../networks/network-adapter.ts';
import { ChannelAuthError, PublishError } from '../publishing/channel-publisher.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { channelOAuthClient, classifyTokenError } from './channel-oauth-client.ts';
import { callbackUrlOf, channelName, getChannelProvider, isSocialProvider } from './channel-providers.ts';
import { DEMO_ACCOUNT_ID, type SocialConnectionRow } from './list-social-connections.ts';
import { ACCESS_TOKEN_CONTEXT, REFRESH_TOKEN_CONTEXT, tokenSetOf } from './seal-tokens.ts';
import { sendReconnectMail } from './reconnect-mail.ts';

/** What renewing and using a channel's tokens needs. */
export interface ChannelDeps {
  config: AppConfig;
  db: Db;
  box: SecretBox;
  mailer: Mailer;
  log: FastifyBaseLogger;
  adapters: NetworkAdapters;
}

/**
 * ok: the connection with its new tokens. rejected: the network refused (only reconnecting helps;
 * the channel is now needs_reauth). unavailable: the network could not be reached; try later.
 */
export type RenewOutcome = { ok: true; row: SocialConnectionRow } | { ok: false; kind: 'rejected' | 'unavailable'; message: string };

/** How long one runner may take to renew a channel's tokens before another may try. */
const RENEW_LEASE_MS = 60_000;
const WAIT_STEP_MS = 250;
/** A renewal that failed after this long ran into a timeout (the token requests give up after 15 s). */
const TIMED_OUT_MS = 10_000;

const labelOf = (row: SocialConnectionRow) => channelName(row);

/**
 * Renews a channel's access token: with the network's own scheme where it has one (Instagram,
 * Bluesky), else the OAuth refresh_token grant. One runner at a time renews a channel (a lease on
 * the row): another that asks meanwhile waits for that renewal and answers its result, so a
 * rotating refresh token is never spent twice. A refused renewal marks the channel "Re-auth needed",
 * writes it on the client's timeline and mails the owner a reconnect link (once until it works again).
 */
export async function renewChannelTokens(
  deps: ChannelDeps,
  row: SocialConnectionRow,
  /** Written in the transaction that stores the new tokens (a staff member's timeline line). */
  record?: (trx: Db, renewed: SocialConnectionRow) => Promise<void>,
): Promise<RenewOutcome> {
  if (row.accountId === DEMO_ACCOUNT_ID) {
    // A demo channel has no tokens to renew and stays as it is.
    if (record) await deps.db.transaction().execute((trx) => record(trx, row));
    return { ok: true, row };
  }
  const now = new Date();
  const claimed = await deps.db
    .updateTable('socialConnection')
    .set({ refreshLeaseUntil: new Date(now.getTime() + RENEW_LEASE_MS).toISOString() })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('refreshLeaseUntil', 'is', null), eb('refreshLeaseUntil', '<=', now.toISOString())]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return waitForRenewal(deps, row);
  let outcome: RenewOutcome | undefined;
  const started = Date.now();
  try {
    // The row may have been read before another runner renewed it: a rotated refresh token must not
    // be spent again, so the renewal works from the row as it is now, and one already renewed is kept.
    const current = await deps.db.selectFrom('socialConnection').selectAll().where('id', '=', row.id).executeTakeFirst();
    if (!current) return { ok: false, kind: 'rejected', message: `${labelOf(row)} was removed.` };
    if (current.accessToken !== row.accessToken && current.status === 'connected') return (outcome = { ok: true, row: current });
    return (outcome = await renewClaimed(deps, current, record));
  } finally {
    // A renewal whose answer never came (it ran into the timeout) may still be completed by the
    // network, rotating the refresh token: its lease is left to run out rather than let another
    // runner spend the old one at once. A quick failure (a 5xx, a refused connection) frees it.
    const timedOut = outcome?.ok === false && outcome.kind === 'unavailable' && Date.now() - started >= TIMED_OUT_MS;
    if (!timedOut) {
      await deps.db.updateTable('socialConnection').set({ refreshLeaseUntil: null }).where('id', '=', row.id).execute();
    }
  }
}

/** Another runner holds the lease: its result, once it is done (or the lease ran out). */
async function waitForRenewal(deps: ChannelDeps, row: SocialConnectionRow): Promise<RenewOutcome> {
  for (let waited = 0; waited < RENEW_LEASE_MS; waited += WAIT_STEP_MS) {
    await delay(WAIT_STEP_MS);
    const current = await deps.db.selectFrom('socialConnection').selectAll().where('id', '=', row.id).executeTakeFirst();
    if (!current) return { ok: false, kind: 'rejected', message: `${labelOf(row)} was removed.` };
    if (current.refreshLeaseUntil && Date.parse(current.refreshLeaseUntil) > Date.now()) continue;
    if (current.status === 'needs_reauth') return { ok: false, kind: 'rejected', message: current.lastError ?? 'Reconnect the channel.' };
    if (current.accessToken !== row.accessToken) return { ok: true, row: current };
    return { ok: false, kind: 'unavailable', message: current.lastError ?? `Could not renew ${labelOf(row)}.` };
  }
  return { ok: false, kind: 'unavailable', message: `Renewing ${labelOf(row)} is taking too long. Please try again later.` };
}

async function renewClaimed(
  deps: ChannelDeps,
  row: SocialConnectionRow,
  record?: (trx: Db, renewed: SocialConnectionRow) => Promise<void>,
): Promise<RenewOutcome> {
  const label = labelOf(row);
  const adapter = isSocialProvider(row.provider) ? deps.adapters[row.provider] : undefined;
  let refreshToken: string | null;
  let accessToken: string;
  try {
    refreshToken = row.refreshToken ? deps.box.open(row.refreshToken, REFRESH_TOKEN_CONTEXT) : null;
    accessToken = deps.box.open(row.accessToken, ACCESS_TOKEN_CONTEXT);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    return refuse(deps, row, `The stored tokens of ${label} can no longer be read (the encryption key changed). Reconnect the channel.`);
  }

  let tokens: TokenSet;
  const signal = AbortSignal.timeout(30_000);
  try {
    if (!adapter?.refreshTokens && !row.expiresAt && adapter) {
      // Tokens that never expire (Mastodon's) have nothing to renew: asking the network for the
      // account shows whether it still accepts this one.
      await adapter.fetchAccount(accessToken, row.instanceUrl, { signal });
      tokens = { accessToken, refreshToken, expiresAt: null };
    } else if (adapter?.refreshTokens) {
      tokens = await adapter.refreshTokens({ accessToken, refreshToken, instanceUrl: row.instanceUrl }, { signal });
    } else {
      if (!refreshToken)
        return refuse(deps, row, `${label} gave no refresh token, so its access cannot be renewed. Reconnect the channel.`);
      const provider = getChannelProvider(deps.config, row.provider);
      tokens = tokenSetOf(await channelOAuthClient(provider, callbackUrlOf(deps.config, provider.id)).refreshAccessToken(refreshToken));
    }
  } catch (error) {
    if (error instanceof ChannelAuthError) return refuse(deps, row, `${label} no longer accepts this connection. Reconnect the channel.`);
    if (error instanceof PublishError && !error.temporary) return refuse(deps, row, `${label}: ${error.message}`);
    if (error instanceof PublishError) {
      await deps.db.updateTable('socialConnection').set({ lastError: error.message }).where('id', '=', row.id).execute();
      return { ok: false, kind: 'unavailable', message: error.message };
    }
    if (error instanceof TokenRefusedError)
      return refuse(deps, row, `${label} no longer accepts this connection (${error.message}). Reconnect the channel.`);
    const failure = classifyTokenError(error);
    if (failure.kind === 'rejected')
      return refuse(deps, row, `${label} no longer accepts this connection (${failure.detail}). Reconnect the channel.`);
    const network = isSocialProvider(row.provider) ? SOCIAL_PROVIDER_LABELS[row.provider] : row.provider;
    const message = `Could not reach ${network} to refresh ${row.handle} (${failure.detail}). Please try again later.`;
    await deps.db.updateTable('socialConnection').set({ lastError: message }).where('id', '=', row.id).execute();
    return { ok: false, kind: 'unavailable', message };
  }

  const renewed = await deps.db.transaction().execute(async (trx) => {
    const stored = await trx
      .updateTable('socialConnection')
      .set({
        accessToken: deps.box.seal(tokens.accessToken, ACCESS_TOKEN_CONTEXT),
        // A network that sends no new refresh token keeps the old one valid (Google never re-sends it).
        refreshToken: tokens.refreshToken ? deps.box.seal(tokens.refreshToken, REFRESH_TOKEN_CONTEXT) : row.refreshToken,
        expiresAt: tokens.expiresAt?.toISOString() ?? null,
        status: 'connected',
        lastError: null,
        reauthMailedAt: null,
        updatedAt: new Date().toISOString(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await record?.(trx, stored);
    return stored;
  });
  return { ok: true, row: renewed };
}

/** The channel needs reconnecting: marked, on the timeline, and (the first time) the owner mailed. */
async function refuse(deps: ChannelDeps, row: SocialConnectionRow, message: string): Promise<RenewOutcome> {
  await markNeedsReauth(deps, row, message);
  return { ok: false, kind: 'rejected', message };
}

/**
 * Marks a channel "Re-auth needed" with the reason. The first time since it last worked, a line goes
 * on the client's timeline and the workspace owner is mailed a link to reconnect it; its queued
 * posts wait, and fail at their time with this reason if it is still not reconnected.
 */
export async function markNeedsReauth(deps: ChannelDeps, row: SocialConnectionRow, message: string): Promise<void> {
  const now = new Date().toISOString();
  const firstTime = await deps.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('socialConnection')
      .set({ status: 'needs_reauth', lastError: message, reauthMailedAt: now, updatedAt: now })
      .where('id', '=', row.id)
      .where('reauthMailedAt', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) {
      await trx.updateTable('socialConnection').set({ status: 'needs_reauth', lastError: message }).where('id', '=', row.id).execute();
      return false;
    }
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: row.workspaceId,
      text: `Channel needs reconnecting: ${labelOf(row)}. ${message}`,
      who: 'Hookline',
      ts: now,
    });
    return true;
  });
  if (!firstTime) return;
  await sendReconnectMail(deps, row, message).catch((error: unknown) =>
    deps.log.error({ err: error, connectionId: row.id }, 'reconnect mail failed'),
  );
}
