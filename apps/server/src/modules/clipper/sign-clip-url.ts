import crypto from 'node:crypto';

/** A download link that works without a session until it expires: HMAC over job, clip and expiry. */
export function signClipUrl(secret: string, input: { jobId: string; clipNumber: number; expiresAt: number }): string {
  const sig = signature(secret, input);
  return `/api/clipper/files/${input.jobId}/${input.clipNumber}?expires=${input.expiresAt}&sig=${sig}`;
}

export function verifyClipSignature(
  secret: string,
  input: { jobId: string; clipNumber: number; expiresAt: number; sig: string },
  now = Date.now(),
): boolean {
  if (!Number.isFinite(input.expiresAt) || input.expiresAt < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signature(secret, input));
  const given = Buffer.from(input.sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

function signature(secret: string, input: { jobId: string; clipNumber: number; expiresAt: number }): string {
  return crypto.createHmac('sha256', secret).update(`clip:${input.jobId}:${input.clipNumber}:${input.expiresAt}`).digest('base64url');
}
