// Kept apart from the zod contracts: pages that only show channels and statuses do not load zod for them.

export const DRAFT_CHANNELS = ['instagram', 'twitter', 'youtube', 'linkedin', 'mastodon', 'bluesky'] as const;
export type TDraftChannel = (typeof DRAFT_CHANNELS)[number];
export const DRAFT_TYPES = ['post', 'reel', 'thread', 'video'] as const;
export type TDraftType = (typeof DRAFT_TYPES)[number];

/**
 * draft → queued (Queue: the next free posting slot, or one hour ahead; Schedule: a chosen time) →
 * publishing (the scheduler at that time, or Publish now) → published. A post the network refused,
 * or that kept failing, is failed with the reason; one that fell due long before the scheduler ran
 * (more than the workspace's hold setting) is held for a person to decide. Failed and held posts
 * can be published now (Retry), re-queued, scheduled or taken back to draft.
 */
export const DRAFT_STATUSES = ['draft', 'queued', 'publishing', 'published', 'failed', 'held'] as const;
export type TDraftStatus = (typeof DRAFT_STATUSES)[number];

/** Without posting slots, Queue schedules one hour ahead. */
export const QUEUE_OFFSET_MS = 60 * 60 * 1000;

/** Where a published post went: 'hookline' when no account of its network was connected. */
export const PUBLISHED_IN_HOOKLINE = 'hookline';

/**
 * Review, beside the publishing status: null until first sent for review; a reviewer (the owner, an
 * approver, or someone with a review link) approves or requests changes; editing an approved draft
 * sends it back to in_review.
 */
export const REVIEW_STATES = ['in_review', 'approved', 'changes_requested'] as const;
export type TReviewState = (typeof REVIEW_STATES)[number];

/** Channel providers a workspace can connect; google is YouTube's (its accounts are Google's). */
export const SOCIAL_PROVIDERS = ['google', 'linkedin', 'twitter', 'instagram', 'mastodon', 'bluesky'] as const;
export type TSocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What users call each provider's channel: a Google connection publishes to YouTube. */
export const SOCIAL_PROVIDER_LABELS: Record<TSocialProvider, string> = {
  google: 'YouTube',
  linkedin: 'LinkedIn',
  twitter: 'X',
  instagram: 'Instagram',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
};

/** The drafts' channel each provider publishes. */
export const PROVIDER_CHANNELS: Record<TSocialProvider, TDraftChannel> = {
  google: 'youtube',
  linkedin: 'linkedin',
  twitter: 'twitter',
  instagram: 'instagram',
  mastodon: 'mastodon',
  bluesky: 'bluesky',
};

/**
 * How a provider is connected: oauth (a redirect to the network, this server's client id),
 * instance (Mastodon: OAuth with the instance the user names, Hookline registers itself there),
 * app_password (Bluesky: the account's handle and an app password).
 */
export const CONNECT_METHODS = ['oauth', 'instance', 'app_password'] as const;

/** A channel connection's status; needs_reauth is shown as 'Re-auth needed'. */
export const SOCIAL_CONNECTION_STATUSES = ['connected', 'needs_reauth', 'disconnected'] as const;
export type TSocialConnectionStatus = (typeof SOCIAL_CONNECTION_STATUSES)[number];
