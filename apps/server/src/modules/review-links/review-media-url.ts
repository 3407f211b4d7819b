import crypto from 'node:crypto';

/** How long a review page's media URL works; the page asks for fresh ones each time it loads. */
export const REVIEW_MEDIA_TTL_SECONDS = 60 * 60;

/**
 * A URL for a draft's media on the review page: it works without a session (the reviewer has
 * none), for one draft, until it expires; an HMAC over draft and expiry, so the link's token never
 * has to be put in a URL.
 */
export function signReviewMediaUrl(secret: string, draftId: string, now = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + REVIEW_MEDIA_TTL_SECONDS;
  return `/api/review/media/${encodeURIComponent(draftId)}?expires=${expiresAt}&sig=${signature(secret, draftId, expiresAt)}`;
}

export function verifyReviewMediaSignature(
  secret: string,
  input: { draftId: string; expiresAt: number; sig: string },
  now = Date.now(),
): boolean {
  if (!Number.isFinite(input.expiresAt) || input.expiresAt < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signature(secret, input.draftId, input.expiresAt));
  const given = Buffer.from(input.sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

// The "review-media:" prefix keeps these signatures apart from the clipper's, made with the same secret.
function signature(secret: string, draftId: string, expiresAt: number): string {
  return crypto.createHmac('sha256', secret).update(`review-media:${draftId}:${expiresAt}`).digest('base64url');
}
