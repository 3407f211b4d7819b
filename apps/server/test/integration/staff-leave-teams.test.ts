import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserRole, syncFounderRoles } from '../../src/modules/users/set-user-role.ts';
import { signUpAs, type ApiCaller } from '../support/admin.ts';
import { refuseTimelineLinesBy } from '../support/refuse-timeline-lines.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addTeammate, clientTimeline, sendInWorkspace } from '../support/workspace-caller.ts';

/**
 * Staff reach clients' workspaces by assignment and act there as staff: an account made staff
 * (manager, admin, founder) leaves every team it was on, in the transaction that changes its role,
 * and each owner's timeline says so.
 */

const FOUNDER = 'founder@teams.test';
const LEFT = 'Teammate removed: %s (now Hookline staff)';

describe('an account made staff leaves the teams it was on', () => {
  let t: TestApp;
  let founder: ApiCaller;
  let ana: ApiCaller;
  let bo: ApiCaller;
  let anaWorkspace: string;
  let boWorkspace: string;
  let counter = 0;
  const memberships = async (caller: ApiCaller) =>
    (
      await t.db.selectFrom('workspaceMember').select(['workspaceId', 'role']).where('userId', '=', caller.userId).orderBy('role').execute()
    ).map((m) => `${m.workspaceId === anaWorkspace ? 'ana' : 'bo'}:${m.role}`);
  const role = async (caller: ApiCaller) => (await caller.get('/api/me')).json().role as string;
  /** A client who is an editor in Ana's workspace and an approver in Bo's. */
  const teammateOfBoth = async () => {
    const caller = await signUpAs(t, `teammate${++counter}@teams.test`);
    await addTeammate(t, anaWorkspace, caller, 'editor');
    await addTeammate(t, boWorkspace, caller, 'approver');
    expect(await memberships(caller)).toEqual(['bo:approver', 'ana:editor']);
    return caller;
  };
  const leftLine = (caller: ApiCaller) => ({ text: LEFT.replace('%s', caller.email), who: 'Hookline' });

  beforeAll(async () => {
    t = await createTestApp({ FOUNDER_EMAIL: FOUNDER, SIGNIN_RATE_LIMIT: '100000' });
    founder = await signUpAs(t, FOUNDER);
    ana = await signUpAs(t, 'ana@teams.test');
    bo = await signUpAs(t, 'bo@teams.test');
    anaWorkspace = (await ana.get('/api/workspace')).json().id;
    boWorkspace = (await bo.get('/api/workspace')).json().id;
  }, 60_000);
  afterAll(() => t?.close());

  it('made a manager by a founder: no longer on either team, listed by neither owner, and both timelines say so', async () => {
    const teammate = await teammateOfBoth();
    const granted = await founder.post('/api/admin/team', { email: teammate.email, role: 'manager' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await memberships(teammate)).toEqual([]);
    expect(await role(teammate)).toBe('manager');
    for (const [owner, workspace] of [
      [ana, anaWorkspace],
      [bo, boWorkspace],
    ] as const) {
      const team = await sendInWorkspace(t, workspace, owner, 'GET', '/api/workspace/members');
      expect(team.statusCode, team.body).toBe(200);
      expect(team.json().members.map((m: { email: string }) => m.email)).not.toContain(teammate.email);
      expect((await clientTimeline(t.db, workspace)).at(-1)).toEqual(leftLine(teammate));
    }
    // Not assigned to Ana's client, the manager has no way in: the membership is not a back door.
    expect((await sendInWorkspace(t, anaWorkspace, teammate, 'GET', '/api/workspace')).statusCode).toBe(403);

    // Made a client again, they are on no team until someone invites them back.
    await setUserRole(t.db, teammate.email, 'client');
    expect(await memberships(teammate)).toEqual([]);
  });

  it('made an admin (the CLI’s path) or a founder by FOUNDER_EMAIL: the same', async () => {
    const admin = await teammateOfBoth();
    await setUserRole(t.db, admin.email, 'admin');
    expect(await memberships(admin)).toEqual([]);
    const founderByEnv = await teammateOfBoth();
    await syncFounderRoles(t.db, [founderByEnv.email]);
    expect(await memberships(founderByEnv)).toEqual([]);
    expect(await role(founderByEnv)).toBe('founder');
    expect((await clientTimeline(t.db, anaWorkspace)).slice(-2)).toEqual([leftLine(admin), leftLine(founderByEnv)]);
  });

  it('a client made a client again keeps its teams', async () => {
    const teammate = await teammateOfBoth();
    await setUserRole(t.db, teammate.email, 'client');
    expect(await memberships(teammate)).toEqual(['bo:approver', 'ana:editor']);
  });

  it('one transaction: when the teams cannot be left, the role does not change either', async () => {
    const teammate = await teammateOfBoth();
    await refuseTimelineLinesBy(t, 'Hookline');
    await expect(setUserRole(t.db, teammate.email, 'manager')).rejects.toThrow();
    expect(await role(teammate)).toBe('client');
    expect(await memberships(teammate)).toEqual(['bo:approver', 'ana:editor']);
  });
});
