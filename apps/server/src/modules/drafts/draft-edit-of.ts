import { PROVIDER_CHANNELS, type TUpdateDraftRequest } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isSocialProvider } from '../social/channel-providers.ts';
import { DEMO_ACCOUNT_ID } from '../social/list-social-connections.ts';
import { getDraftRow } from './draft-row.ts';

/** A draft may name only an account of its workspace that posts to its channel (400 otherwise). */
export async function assertAccountOfChannel(db: Db, workspaceId: string, connectionId: string, channel: string): Promise<void> {
  const connection = await db
    .selectFrom('socialConnection')
    .select('provider')
    .where('id', '=', connectionId)
    .where('workspaceId', '=', workspaceId)
    // A demo channel has no account to post to.
    .where('accountId', '!=', DEMO_ACCOUNT_ID)
    .executeTakeFirst();
  if (!connection) throw new HttpError(400, 'That channel account is not connected to this workspace.');
  if (!isSocialProvider(connection.provider) || PROVIDER_CHANNELS[connection.provider] !== channel) {
    throw new HttpError(400, `That account does not post to ${channel}. Choose an account of the draft's channel.`);
  }
}

/**
 * The columns a PATCH changes. Moving a draft to another channel without naming an account lets
 * it go to that channel's first.
 */
export async function draftEditOf(db: Db, workspaceId: string, draftId: string, body: TUpdateDraftRequest) {
  const { connectionId, ...rest } = body;
  const row = await getDraftRow(db, workspaceId, draftId);
  if (connectionId) await assertAccountOfChannel(db, workspaceId, connectionId, body.channel ?? row.channel);
  const channelMoved = body.channel !== undefined && body.channel !== row.channel;
  return { ...rest, ...(connectionId !== undefined || channelMoved ? { connectionId: connectionId ?? null } : {}) };
}
