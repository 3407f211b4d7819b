import type { LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import { setUserRole } from '../../src/modules/users/set-user-role.ts';
import { createTestApp, ORIGIN, signUp, type TestApp } from './test-app.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as one caller (a session cookie, or nobody), always from the app's own origin. */
export interface ApiCaller {
  /** The caller's email ('' when signed out). */
  email: string;
  /** The account id ('' when signed out). */
  userId: string;
  cookie: string;
  request(method: HttpMethod, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  del(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export function apiCaller(t: TestApp, session: { cookie: string; email?: string; userId?: string } = { cookie: '' }): ApiCaller {
  const request = (method: HttpMethod, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...ORIGIN, ...(session.cookie ? { cookie: session.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    email: session.email ?? '',
    userId: session.userId ?? '',
    cookie: session.cookie,
    request,
    get: (url) => request('GET', url),
    post: (url, payload) => request('POST', url, payload),
    put: (url, payload) => request('PUT', url, payload),
    patch: (url, payload) => request('PATCH', url, payload),
    del: (url, payload) => request('DELETE', url, payload),
  };
}

/** Signs up an account and gives it a role (client accounts keep the default). */
export async function signUpAs(t: TestApp, email: string, role: 'client' | 'manager' | 'admin' = 'client'): Promise<ApiCaller> {
  const { cookie, user } = await signUp(t.app, { email });
  if (role !== 'client') await setUserRole(t.db, email, role);
  return apiCaller(t, { cookie, email: user.email, userId: user.id });
}

export const FOUNDER = 'founder@hookline.test';
export const ADMIN = 'admin@hookline.test';
export const MANAGER = 'manager@hookline.test';
export const CLIENT = 'client@example.com';

export interface AdminTestApp {
  t: TestApp;
  anonymous: ApiCaller;
  client: ApiCaller;
  manager: ApiCaller;
  admin: ApiCaller;
  founder: ApiCaller;
}

/**
 * A test app with one signed-in caller per role: FOUNDER (via FOUNDER_EMAIL), ADMIN and MANAGER
 * (via setUserRole) and a plain CLIENT. Sign-up and onboarding rate limits are lifted, since these
 * suites sign up many accounts from the one test IP.
 */
export async function createAdminTestApp(env: Record<string, string> = {}): Promise<AdminTestApp> {
  const t = await createTestApp({
    FOUNDER_EMAIL: FOUNDER,
    SIGNIN_RATE_LIMIT: '100000',
    ONBOARDING_RATE_LIMIT: '100000',
    ...env,
  });
  const founder = await signUpAs(t, FOUNDER);
  return {
    t,
    anonymous: apiCaller(t),
    client: await signUpAs(t, CLIENT),
    manager: await signUpAs(t, MANAGER, 'manager'),
    admin: await signUpAs(t, ADMIN, 'admin'),
    founder,
  };
}

/** A valid onboarding questionnaire; override fields as needed. */
export function onboardingData(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ana Lopez',
    email: 'ana@example.com',
    brand: 'Ana Bakes',
    website: 'https://anabakes.example',
    instagram: '@anabakes',
    twitter: '',
    youtube: '',
    goals: 'Grow to 10k followers',
    pillars: 'Sourdough, behind the scenes',
    channels: ['Instagram', 'TikTok'],
    cadence: '3x per week',
    approvalFlow: 'I approve every post',
    assetsUrl: 'https://drive.example/ana',
    notes: 'Gluten-free line launching soon',
    ...overrides,
  };
}

/** Waits for a promise, failing with a clear message instead of hanging until the test timeout. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until the clock has moved on a millisecond, so the next stored timestamp is strictly later
 * than the ones before (the app stamps rows with the real time). A slow machine only waits less.
 */
export async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(start), { interval: 1 });
}
