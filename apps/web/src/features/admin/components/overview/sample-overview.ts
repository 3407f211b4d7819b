import type { TOverviewResponse } from '@hookline/shared';

/** Static numbers shown (and labelled as samples) when the overview cannot be loaded. */
export const SAMPLE_OVERVIEW: TOverviewResponse = {
  kpis: { totalClients: 24, activeWorkspaces: 19, pendingRequests: 5, mrrUsd: 48_500 },
  weeklyJobs: [12, 18, 15, 22, 19, 9, 14],
  health: [
    { name: 'API', status: 'healthy', detail: 'Sample' },
    { name: 'Database', status: 'healthy', detail: 'Sample' },
    { name: 'Webhooks', status: 'degraded', detail: 'Sample' },
    { name: 'Email', status: 'healthy', detail: 'Sample' },
  ],
  healthCheckedAt: 'Sample',
  topClients: [
    { id: 'sample-1', name: 'Northwind Studio', owner: 'maya@northwind.example', posts: 42, status: 'active' },
    { id: 'sample-2', name: 'Bright Labs', owner: 'leo@brightlabs.example', posts: 31, status: 'active' },
    { id: 'sample-3', name: 'Juniper & Co', owner: 'ana@juniper.example', posts: 18, status: 'paused' },
  ],
  recent: [
    { what: 'Client created: Bright Labs', when: 'Sample', who: 'staff' },
    { what: 'Onboarding request closed', when: 'Sample', who: 'staff' },
  ],
};
