import type { FileStore } from '../../lib/file-store.ts';
import type { DraftRow } from '../drafts/draft-row.ts';
import type { PostContent, PostMedia } from '../networks/network-adapter.ts';
import { signReviewMediaUrl } from '../review-links/review-media-url.ts';
import { channelName, isSocialProvider } from '../social/channel-providers.ts';
import { findDraftConnection } from '../social/find-draft-connection.ts';
import { openChannelAccount } from '../social/open-channel-account.ts';
import { markNeedsReauth, renewChannelTokens, type ChannelDeps } from '../social/renew-channel-tokens.ts';
import { ChannelAuthError, PublishError, type ChannelPublisher, type PublisherLookup } from './channel-publisher.ts';

export interface NetworkPublishDeps extends ChannelDeps {
  files: FileStore;
  /** Signs the media addresses networks fetch themselves. */
  secret: string;
}

/** The draft as a network receives it: its words and its media, with what was read from the file at upload. */
export async function postContentOf(deps: Pick<NetworkPublishDeps, 'files' | 'secret' | 'config'>, draft: DraftRow): Promise<PostContent> {
  const media: PostMedia[] = [];
  if (draft.mediaKey) {
    const key = draft.mediaKey;
    const size = Number(draft.mediaSize ?? (await deps.files.getMetaData(key)).contentLength);
    media.push({
      name: draft.mediaName ?? 'media',
      type: draft.mediaType ?? 'application/octet-stream',
      size,
      width: draft.mediaWidth,
      height: draft.mediaHeight,
      durationSeconds: draft.mediaDuration,
      hasAudio: draft.mediaHasAudio === null ? null : draft.mediaHasAudio === 1,
      altText: draft.mediaAlt,
      open: () => deps.files.getStream(key),
      url: `${deps.config.baseUrl}${signReviewMediaUrl(deps.secret, { draftId: draft.id, mediaKey: key })}`,
    });
  }
  const keyTime = new Date(draft.scheduledAt ?? draft.updatedAt);
  return { type: draft.type as PostContent['type'], text: draft.text, media, key: draft.id, keyTime };
}

/**
 * Publishes each draft with its network's adapter on the account it goes to; a workspace without
 * an account of the draft's channel publishes in Hookline only. A channel that needs reconnecting
 * fails the post at its time with the reason; one the network stops accepting mid-publish is
 * marked "Re-auth needed" (and its owner mailed) as it fails.
 */
export function publishToNetworks(deps: NetworkPublishDeps): PublisherLookup {
  return async (draft) => {
    const connection = await findDraftConnection(deps.db, draft);
    if (!connection && draft.connectionId) return accountRemoved(draft);
    const adapter = connection && isSocialProvider(connection.provider) ? deps.adapters[connection.provider] : undefined;
    if (!connection || !adapter) return null;
    return {
      network: adapter.channel,
      connectionId: connection.id,
      async publish(row, { signal }) {
        try {
          const content = await postContentOf(deps, row);
          try {
            return await adapter.publish(await openChannelAccount(deps, connection), content, { signal });
          } catch (error) {
            // A token that ran out during a long upload is renewed once and the post tried again
            // (the network refused it, so nothing was posted); only a second refusal means reconnecting.
            if (!(error instanceof ChannelAuthError) || !connection.expiresAt) throw error;
            const used = await deps.db.selectFrom('socialConnection').selectAll().where('id', '=', connection.id).executeTakeFirst();
            if (!used) throw error;
            const renewed = await renewChannelTokens(deps, used);
            if (!renewed.ok)
              throw renewed.kind === 'rejected' ? new ChannelAuthError(renewed.message) : new PublishError(renewed.message, true);
            return await adapter.publish(await openChannelAccount(deps, renewed.row), content, { signal });
          }
        } catch (error) {
          if (!(error instanceof ChannelAuthError)) throw error;
          if (connection.status !== 'needs_reauth') await markNeedsReauth(deps, connection, error.message);
          throw new ChannelAuthError(`${channelName(connection)} needs reconnecting. ${error.message}`, error.platformError);
        }
      },
    };
  };
}

/** The account a draft named was removed since: it fails rather than going out elsewhere. */
function accountRemoved(draft: DraftRow): ChannelPublisher {
  return {
    network: draft.channel,
    connectionId: draft.connectionId,
    publish: async () => {
      throw new PublishError('The account this post was for was removed. Choose another account on the post, then Retry.', false);
    },
  };
}
