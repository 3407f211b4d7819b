import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp, type TestApp } from '../support/test-app.ts';

interface LogLine {
  msg: string;
  level: number;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
}

describe('request logging', () => {
  let t: TestApp;
  const written: string[] = [];
  const lines = () => written.map((line) => JSON.parse(line) as LogLine);
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logDestination: { write: (line: string) => void written.push(line) } });
  });
  afterAll(() => t.close());

  it('writes one line per answered request, with method, URL, status and time', async () => {
    written.length = 0;
    const answer = await t.app.inject({ url: '/api/health?probe=1' });
    expect(answer.statusCode).toBe(200);
    const requestLines = lines().filter((line) => line.reqId);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health?probe=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('never writes cookies, bearer tokens or set-cookie, whatever the request carries', async () => {
    written.length = 0;
    const { cookie } = await signUp(t.app, { email: 'logged@example.com' });
    const { token, cookie: signInCookie } = await signIn(t.app, { email: 'logged@example.com' });
    expect(token).toBeTruthy();
    for (const headers of [{ cookie }, { authorization: `Bearer ${token}` }, { cookie: signInCookie, 'x-api-key': 'k' }]) {
      expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: 'better-auth.session_token=forged' } })).statusCode).toBe(401);
    const all = written.join('');
    expect(lines().filter((line) => line.msg === 'request completed')).toHaveLength(6);
    for (const secret of [cookie, signInCookie, token!, 'forged', 'set-cookie', 'authorization', 'cookie']) {
      expect(all).not.toContain(secret);
    }
  });
});
