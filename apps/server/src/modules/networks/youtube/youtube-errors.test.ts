import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { ChannelAuthError, PublishError } from '../../publishing/channel-publisher.ts';
import { classifyYouTubeError, explainYouTubeError, msUntilQuotaReset } from './youtube-errors.ts';

const body = (code: number, reason: string, message: string, domain = 'global') =>
  JSON.stringify({ error: { code, message, errors: [{ message, domain, reason }] } });
const HOUR = 3_600_000;

describe('msUntilQuotaReset', () => {
  it('counts to the next midnight in Pacific Time, in winter (PST) and summer (PDT)', () => {
    expect(msUntilQuotaReset(DateTime.fromISO('2025-01-15T07:00:00Z'))).toBe(HOUR);
    expect(msUntilQuotaReset(DateTime.fromISO('2025-07-15T06:00:00Z'))).toBe(HOUR);
    expect(msUntilQuotaReset(DateTime.fromISO('2025-07-15T07:00:00Z'))).toBe(24 * HOUR);
  });

  it('counts the short day when the clocks go forward', () => {
    // 2025-03-09 00:00 PST is 08:00 UTC; the next midnight (PDT) is 2025-03-10 07:00 UTC: 23 hours.
    expect(msUntilQuotaReset(DateTime.fromISO('2025-03-09T08:00:00Z'))).toBe(23 * HOUR);
  });
});

describe('explainYouTubeError', () => {
  it('says in words what the documented reasons mean', () => {
    expect(explainYouTubeError(403, body(403, 'quotaExceeded', 'The request cannot be completed…', 'youtube.quota'))).toBe(
      "Hookline has used up today's YouTube API quota; it resets at midnight Pacific Time, when Hookline will try again.",
    );
    expect(explainYouTubeError(400, body(400, 'uploadLimitExceeded', 'The user has exceeded…', 'youtube.video'))).toBe(
      'This YouTube channel has reached the number of videos YouTube lets it upload in a day. Publish it again tomorrow.',
    );
  });

  it("passes on Google's own message, without its HTML, for other refusals", () => {
    expect(explainYouTubeError(403, body(403, 'forbidden', 'Access <b>forbidden</b>.'))).toBe(
      'YouTube refused the request: Access forbidden.',
    );
    expect(explainYouTubeError(503, body(503, 'backendError', 'Backend Error'))).toBeUndefined();
    expect(explainYouTubeError(502, '<html>Bad Gateway</html>')).toBeUndefined();
  });
});

describe('classifyYouTubeError', () => {
  it('makes the quota temporary until midnight Pacific, and the request rates temporary', () => {
    const quota = body(403, 'quotaExceeded', 'quota', 'youtube.quota');
    const classified = classifyYouTubeError(new PublishError('quota', false, undefined, quota));
    expect(classified.temporary).toBe(true);
    expect(classified.retryAfterMs).toBeGreaterThan(0);
    expect(classified.retryAfterMs).toBeLessThanOrEqual(25 * HOUR);
    expect(classified.platformError).toBe(quota);
    const rate = classifyYouTubeError(new PublishError('rate', false, undefined, body(403, 'userRateLimitExceeded', 'rate')));
    expect(rate.temporary).toBe(true);
  });

  it('leaves other refusals and lost authorizations as they are', () => {
    const limit = new PublishError('limit', false, undefined, body(400, 'uploadLimitExceeded', 'limit'));
    expect(classifyYouTubeError(limit)).toBe(limit);
    const auth = new ChannelAuthError('auth', body(401, 'authError', 'Invalid Credentials'));
    expect(classifyYouTubeError(auth)).toBe(auth);
  });
});
