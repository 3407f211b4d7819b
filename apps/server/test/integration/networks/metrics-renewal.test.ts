import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDraft } from '@hookline/shared';
import { fetchPostMetrics } from '../../../src/modules/publishing/fetch-post-metrics.ts';
import { startTwitterFake, type TwitterFake } from '../../networks/twitter-fake.ts';
import { signUpAs, type ApiCaller } from '../../support/admin.ts';
import { channelDepsOf, connectChannel, networkScheduler, testClock } from '../../support/channel-publishing.ts';
import { startSmtpServer, type FakeSmtpServer } from '../../support/mail.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const MINUTE = 60_000;

let smtp: FakeSmtpServer;
let x: TwitterFake;
let t: TestApp;
let ana: ApiCaller;

beforeAll(async () => {
  [smtp, x] = await Promise.all([startSmtpServer(), startTwitterFake()]);
  t = await createTestApp({ SMTP_URL: smtp.url, RUN_JOBS: 'false', ...x.env });
  ana = await signUpAs(t, 'ana@metrics-renewal.test');
});

afterAll(async () => {
  await t?.close();
  await Promise.all([x?.close(), smtp?.close()]);
});

describe('the metrics pass on a channel whose token is about to expire', () => {
  it('renews the rotating X token once for all the posts of the channel, and the channel stays connected', async () => {
    expect((await connectChannel(t, ana, 'twitter')).searchParams.get('connected')).toBe('twitter');
    const clock = testClock(Date.now());
    const scheduler = networkScheduler(t, clock);
    for (const text of ['First bake of the season', 'Second bake of the season']) {
      const draft = (await ana.post('/api/drafts', { channel: 'twitter', type: 'post', text })).json() as TDraft;
      expect((await ana.post(`/api/drafts/${draft.id}/publish`)).statusCode).toBe(200);
      clock.set(Date.now() + 1000);
      expect(await scheduler.publishDue()).toBe(1);
    }
    // The refresh pass could not renew it (X was unreachable then): five minutes are left.
    await t.db
      .updateTable('socialConnection')
      .set({ expiresAt: new Date(Date.now() + 5 * MINUTE).toISOString() })
      .execute();
    const refreshGrants = () =>
      x
        .requestsTo('/2/oauth2/token')
        .filter((request) => new URLSearchParams(request.body.toString()).get('grant_type') === 'refresh_token');

    expect(await fetchPostMetrics(channelDepsOf(t), new Date(Date.now() + 2 * 60 * MINUTE))).toBe(2);
    expect(refreshGrants()).toHaveLength(1);
    const [channel] = (await ana.get('/api/social/connections')).json();
    expect(channel).toMatchObject({ status: 'connected', lastError: null });
    expect(smtp.messages.filter((mail) => mail.subject.startsWith('Reconnect'))).toEqual([]);
  });
});
