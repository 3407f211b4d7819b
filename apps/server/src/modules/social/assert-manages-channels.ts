import type { TWorkspace } from '@hookline/shared';
import { assertManagesWorkspace } from '../workspaces/resolve-workspace.ts';

/**
 * Teammates see the channels; connecting, refreshing and removing them is the owner's and staff's,
 * as a channel connected to someone's own account would publish under that account.
 */
export function assertManagesChannels(workspace: Pick<TWorkspace, 'access'>): void {
  assertManagesWorkspace(workspace, 'connect, refresh or remove channels');
}
