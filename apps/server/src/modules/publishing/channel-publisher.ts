import type { DraftRow } from '../drafts/draft-row.ts';
import type { PublishedPost } from '../networks/network-adapter.ts';

export type { PublishedPost };

/**
 * One network's way to publish a draft. It must honour the signal: it is aborted when the process
 * stops, and the post is then handed back, not failed.
 */
export interface ChannelPublisher {
  /** The network's name, kept on the published draft ('linkedin', 'mastodon', …). */
  network: string;
  /** The connected account it publishes with (kept on the post, for its metrics). */
  connectionId: string | null;
  publish(draft: DraftRow, options: { signal: AbortSignal }): Promise<PublishedPost>;
}

/**
 * The publisher for a draft's channel in its workspace, or null when the workspace has no
 * connected account there: the post is then published in Hookline only, as the card says.
 */
export type PublisherLookup = (draft: DraftRow) => Promise<ChannelPublisher | null>;

/**
 * A refusal or failure a publisher reports. Temporary ones (rate limits, 5xx, timeouts) are retried
 * with backoff, after retryAfterMs when the network said how long to wait; the others fail the post
 * with this message at once. platformError is the network's own answer, word for word, kept beside
 * Hookline's explanation.
 */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    readonly retryAfterMs?: number,
    readonly platformError: string | null = null,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

/** The network no longer accepts the channel's token (401, revoked): the channel needs reconnecting. */
export class ChannelAuthError extends PublishError {
  constructor(message: string, platformError: string | null = null) {
    super(message, false, undefined, platformError);
    this.name = 'ChannelAuthError';
  }
}
