import type { DraftRow } from '../drafts/draft-row.ts';

/** What a network answered for a published post. */
export interface PublishedPost {
  /** The network's id of the post. */
  externalId: string;
  url: string | null;
}

/**
 * One network's way to publish a draft (the network adapters implement it). It must honour the
 * signal: it is aborted when the process stops, and the post is then handed back, not failed.
 */
export interface ChannelPublisher {
  /** The network's name, kept on the published draft ('linkedin', 'mastodon', …). */
  network: string;
  publish(draft: DraftRow, options: { signal: AbortSignal }): Promise<PublishedPost>;
}

/**
 * The publisher for a draft's channel in its workspace, or null when the workspace has no
 * connected account there: the post is then published in Hookline only, as the card says.
 */
export type PublisherLookup = (draft: DraftRow) => Promise<ChannelPublisher | null>;

/** Until network adapters exist, every channel is unconnected as far as publishing goes. */
export const publishInHooklineOnly: PublisherLookup = async () => null;

/**
 * A refusal or failure a publisher reports. Temporary ones (rate limits, 5xx, timeouts) are retried
 * with backoff, after retryAfterMs when the network said how long to wait; the others fail the post
 * with this message at once.
 */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}
