import crypto from 'node:crypto';

/** How long a review page's media URL works; the page asks for fresh ones each time it loads. */
export const REVIEW_MEDIA_TTL_SECONDS = 60 * 60;

/** The file a signed URL is for: one draft's media, as stored under one key. */
export interface SignedMedia {
  draftId: string;
  mediaKey: string;
}

/**
 * A URL for a draft's media on the review page: it works without a session (the reviewer has
 * none), for one draft's file, until it expires; an HMAC over draft, file and expiry, so the
 * link's token never has to be put in a URL, and a file replaced since (a new key) needs a new URL
 * rather than being served under the old one.
 */
export function signReviewMediaUrl(secret: string, media: SignedMedia, now = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + REVIEW_MEDIA_TTL_SECONDS;
  return `/api/review/media/${encodeURIComponent(media.draftId)}?expires=${expiresAt}&sig=${signature(secret, media, expiresAt)}`;
}

/** Whether a signature is the one made for this draft's current file and expiry, not expired yet. */
export function verifyReviewMediaSignature(
  secret: string,
  input: SignedMedia & { expiresAt: number; sig: string },
  now = Date.now(),
): boolean {
  if (!Number.isFinite(input.expiresAt) || input.expiresAt < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signature(secret, input, input.expiresAt));
  const given = Buffer.from(input.sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

// The "review-media:" prefix keeps these signatures apart from the clipper's, made with the same
// secret. Draft ids and expiries hold no colon, so the file key, last, cannot make two messages alike.
function signature(secret: string, media: SignedMedia, expiresAt: number): string {
  return crypto.createHmac('sha256', secret).update(`review-media:${media.draftId}:${expiresAt}:${media.mediaKey}`).digest('base64url');
}
