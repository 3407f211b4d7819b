import type { TWorkspace } from '@hookline/shared';

/** The workspace GET /api/workspace answers in page tests: the owner's own, times in UTC. */
export const TEST_WORKSPACE: TWorkspace = {
  id: 'w1',
  name: 'Acme',
  owner: 'o@x.test',
  plan: 'p',
  status: 'active',
  timeZone: 'UTC',
  cadence: 'Daily',
  access: 'owner',
  requireApproval: false,
  holdLateMinutes: null,
};
