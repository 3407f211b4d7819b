import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp, type TestApp } from '../support/test-app.ts';

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
});
