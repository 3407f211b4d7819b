import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from '../support/mail.ts';
import { createTestApp, ORIGIN, signIn, signUp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

interface LogLine {
  msg: string;
  level: number;
  time: number;
  pid: number;
  hostname: string;
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

  it("writes Fastify's two lines per request: method, URL and address when it arrives, status and time when answered", async () => {
    written.length = 0;
    const answer = await t.app.inject({ url: '/api/health?probe=1' });
    expect(answer.statusCode).toBe(200);
    const requestLines = lines().filter((line) => line.reqId);
    expect(requestLines).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: os.hostname(),
        reqId: expect.any(String),
        msg: 'incoming request',
        req: { method: 'GET', url: '/api/health?probe=1', remoteAddress: '127.0.0.1' },
      },
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: os.hostname(),
        reqId: requestLines[0].reqId,
        msg: 'request completed',
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      },
    ]);
    expect(Math.abs(requestLines[0].time - Date.now())).toBeLessThan(60_000);
  });

  it('writes any URL as valid JSON, and refused requests with their status', async () => {
    written.length = 0;
    const url = '/api/nowhere?q=%22quoted%22&note=caf%C3%A9\\';
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: '/api/onboarding/submit', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(lines().filter((line) => line.reqId)).toMatchObject([
      { msg: 'incoming request', req: { method: 'GET', url } },
      { msg: 'request completed', res: { statusCode: 404 } },
      { msg: 'incoming request', req: { method: 'POST', url: '/api/onboarding/submit' } },
      { msg: 'request completed', res: { statusCode: 400 } },
    ]);
  });

  it('writes no request line below its level', async () => {
    const quiet: string[] = [];
    const warnOnly = await createTestApp({ LOG_LEVEL: 'warn' }, { logDestination: { write: (line: string) => void quiet.push(line) } });
    try {
      expect((await warnOnly.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect(quiet).toEqual([]);
    } finally {
      await warnOnly.close();
    }
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

  it('writes no password-reset token: not the mail, nor the link, nor the page it leads to', async () => {
    await signUp(t.app, { email: 'forgetful@example.com' });
    written.length = 0;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email: 'forgetful@example.com', redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const outbox = path.join(t.dataDir, 'outbox');
    const [file] = fs.readdirSync(outbox).filter((name) => name.endsWith('-forgetful@example.com.eml'));
    const { text } = parseMail(fs.readFileSync(path.join(outbox, file), 'utf8'));
    const match = /http:\/\/\S+\/api\/auth\/reset-password\/([\w-]+)\S*/.exec(text);
    if (!match) throw new Error(`no reset link in the mail:\n${text}`);
    const [link, token] = match;

    const landing = await t.app.inject({ url: link.slice(TEST_BASE_URL.length) });
    expect(landing.statusCode).toBe(302);
    const page = new URL(String(landing.headers.location), TEST_BASE_URL);
    expect(page.searchParams.get('token')).toBe(token);
    await t.app.inject({ url: page.pathname + page.search });

    expect(written.join('')).not.toContain(token);
    expect(
      lines()
        .filter((line) => line.msg === 'incoming request')
        .map((line) => line.req?.url),
    ).toEqual([
      '/api/auth/request-password-reset',
      '/api/auth/reset-password/[Redacted]?callbackURL=%2Freset-password',
      '/reset-password?token=[Redacted]',
    ]);
  });

  it('writes the tokens of e-mail verification and OAuth callbacks as a placeholder, the rest of the URL as it came', async () => {
    written.length = 0;
    const urls = [
      '/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.verify-me&callbackURL=%2Fwelcome',
      '/api/auth/callback/google?state=st4te-value&code=c0de-value&scope=email',
      '/api/social/linkedin/callback?code=c0de-value&state=st4te-value',
      '/api/clipper/files/j1/1?expires=1999999999&sig=s1gnature-value',
    ];
    for (const url of urls) await t.app.inject({ url });
    const all = written.join('');
    for (const secret of ['verify-me', 'st4te-value', 'c0de-value', 's1gnature-value']) expect(all).not.toContain(secret);
    expect(
      lines()
        .filter((line) => line.msg === 'incoming request')
        .map((line) => line.req?.url),
    ).toEqual([
      '/api/auth/verify-email?token=[Redacted]&callbackURL=%2Fwelcome',
      '/api/auth/callback/google?state=[Redacted]&code=[Redacted]&scope=email',
      '/api/social/linkedin/callback?code=[Redacted]&state=[Redacted]',
      '/api/clipper/files/j1/1?expires=1999999999&sig=[Redacted]',
    ]);
  });
});
