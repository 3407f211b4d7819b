import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onboardingData, signUpAs, type ApiCaller } from '../support/admin.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addTeammate, sendInWorkspace } from '../support/workspace-caller.ts';

/**
 * The assistant writes for the brand of the workspace the request acts in: the client's onboarding
 * answers open the system message the model receives, before the prompt the page sent.
 */

const PROMPT = 'You write Instagram captions.';
const ROUTES = ['/api/assistant', '/api/assistant/stream'] as const;

const ANA = onboardingData({
  email: 'ana@brand.test',
  brand: 'Ana Bakes',
  website: 'https://anabakes.example',
  goals: 'Grow to 10k followers and sell out the Saturday sourdough class',
  pillars: 'Warm and playful, never salesy. Sourdough science, behind the scenes at the bakery',
  channels: ['Instagram', 'TikTok'],
  cadence: '3x per week',
});

const ANA_BRAND = [
  "About the brand you write for, from the client's onboarding answers (where the user asks for something else, follow the user):",
  'Write for Ana Bakes (https://anabakes.example).',
  'Their goals: Grow to 10k followers and sell out the Saturday sourdough class',
  'Their content pillars and voice: Warm and playful, never salesy. Sourdough science, behind the scenes at the bakery',
  'They publish on Instagram and TikTok, 3x per week.',
].join('\n');

describe('the assistant writes for the workspace’s brand', () => {
  let t: TestApp;
  let ai: FakeOpenAI;
  let owner: ApiCaller;
  let plain: ApiCaller;
  let founder: ApiCaller;
  let assigned: ApiCaller;
  let unassigned: ApiCaller;
  let workspaceId: string;

  const saveOnboarding = async (caller: ApiCaller, data: Record<string, unknown>) => {
    const id = (await caller.get('/api/workspace')).json().id as string;
    const saved = await founder.put(`/api/admin/clients/${id}/onboarding`, data);
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  };

  beforeAll(async () => {
    ai = await startFakeOpenAI();
    t = await createTestApp({
      AI_BASE_URL: `${ai.url}/v1`,
      ASSISTANT_RATE_LIMIT: '1000',
      FOUNDER_EMAIL: 'founder@brand.test',
      SIGNIN_RATE_LIMIT: '100000',
    });
    founder = await signUpAs(t, 'founder@brand.test');
    owner = await signUpAs(t, 'ana@brand.test');
    plain = await signUpAs(t, 'plain@brand.test');
    assigned = await signUpAs(t, 'assigned@brand.test', 'manager');
    unassigned = await signUpAs(t, 'unassigned@brand.test', 'manager');
    workspaceId = await saveOnboarding(owner, ANA);
    const assignment = await founder.post(`/api/admin/clients/${workspaceId}/manager`, { email: assigned.email });
    expect(assignment.statusCode, assignment.body).toBe(200);
  });
  afterEach(() => {
    ai.reset();
    ai.requests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
  });

  /** Asks as the dashboard does: naming a workspace in the header, or none (null); with the page's system prompt, or none (null). */
  const ask = (caller: ApiCaller, workspace: string | null, path: string = ROUTES[0], system: string | null = PROMPT) =>
    sendInWorkspace(t, workspace, caller, 'POST', path, {
      ...(system === null ? {} : { system }),
      messages: [{ role: 'user', content: 'A caption for our rye loaf' }],
    });
  /** The system messages of the one request the model received. */
  const systemReceived = () => {
    expect(ai.requests).toHaveLength(1);
    const messages = ai.requests[0].body?.messages ?? [];
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'A caption for our rye loaf' });
    return messages.filter((m) => m.role === 'system').map((m) => m.content);
  };

  it('gives the model the client’s brand, goals and voice, then the page’s prompt, in one system message', async () => {
    for (const path of ROUTES) {
      for (const workspace of [null, workspaceId]) {
        const response = await ask(owner, workspace, path);
        expect(response.statusCode, `${path} ${workspace}: ${response.body}`).toBe(200);
        expect(systemReceived()).toEqual([`${ANA_BRAND}\n\n${PROMPT}`]);
        ai.requests.length = 0;
      }
    }
    // Without a prompt of the page's own, the brand is the whole system message.
    expect((await ask(owner, null, ROUTES[0], null)).statusCode).toBe(200);
    expect(systemReceived()).toEqual([ANA_BRAND]);
  });

  it('adds nothing for a client without onboarding answers', async () => {
    for (const path of ROUTES) {
      expect((await ask(plain, null, path)).statusCode).toBe(200);
      expect(systemReceived()).toEqual([PROMPT]);
      ai.requests.length = 0;
    }
    expect((await ask(plain, null, ROUTES[0], null)).statusCode).toBe(200);
    expect(systemReceived()).toEqual([]);
  });

  it('gives staff and teammates acting in the workspace its brand; staff acting in none get none', async () => {
    const editor = await addTeammate(t, workspaceId, await signUpAs(t, 'editor@brand.test'), 'editor');
    for (const caller of [founder, assigned, editor]) {
      for (const path of ROUTES) {
        const response = await ask(caller, workspaceId, path);
        expect(response.statusCode, `${caller.email} ${path}: ${response.body}`).toBe(200);
        expect(systemReceived()).toEqual([`${ANA_BRAND}\n\n${PROMPT}`]);
        ai.requests.length = 0;
      }
    }
    for (const caller of [founder, assigned]) {
      expect((await ask(caller, null)).statusCode).toBe(200);
      expect(systemReceived()).toEqual([PROMPT]);
      ai.requests.length = 0;
    }
  });

  it('refuses a workspace the caller may not see exactly as the other workspace routes do, without asking the model', async () => {
    const cases: [ApiCaller, number, string][] = [
      [plain, 404, 'Workspace not found'],
      [unassigned, 403, 'You are not assigned to this client.'],
    ];
    for (const [caller, status, error] of cases) {
      const elsewhere = await sendInWorkspace(t, workspaceId, caller, 'GET', '/api/drafts');
      expect([elsewhere.statusCode, elsewhere.json()]).toEqual([status, { error }]);
      for (const path of ROUTES) {
        const response = await ask(caller, workspaceId, path);
        expect([response.statusCode, response.json()], `${caller.email} ${path}`).toEqual([status, { error }]);
      }
    }
    const malformed = await ask(owner, 'not a workspace id!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/^x-workspace-id: /i);
    expect(ai.requests).toHaveLength(0);
  });

  it('keeps the brand section short whatever the answers hold', async () => {
    const long = await signUpAs(t, 'long@brand.test');
    const story = (word: string) => Array.from({ length: 400 }, (_, i) => `${word}${i}`).join(' ');
    await saveOnboarding(long, onboardingData({ email: long.email, brand: 'Long Co', goals: story('goal'), pillars: story('voice') }));
    expect((await ask(long, null, ROUTES[0], null)).statusCode).toBe(200);
    const [system] = systemReceived();
    expect(system.length).toBeLessThan(2000);
    expect(system).toContain('Write for Long Co');
    expect(system).toMatch(/Their goals: goal0 goal1 .* goal\d+…\n/);
    expect(system).toMatch(/Their content pillars and voice: voice0 voice1 .* voice\d+…\n/);
  });
});
