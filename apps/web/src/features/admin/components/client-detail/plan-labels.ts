import type { TPlanKind } from '@hookline/shared';

/** Plan names as on the pricing page. */
export const PLAN_LABELS: Record<TPlanKind, string> = { self_serve: 'Self-Serve', managed: 'Managed', enterprise: 'Enterprise' };
