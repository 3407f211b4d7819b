import { canManageWorkspace, type TWorkspaceAccessLevel } from '@hookline/shared';

/** Whether the caller runs the workspace's settings, channels and team (its owner, or staff on the owner's behalf). */
export const managesWorkspace = (workspace: { access: TWorkspaceAccessLevel }) => canManageWorkspace(workspace.access);

/** Why a teammate sees a control read-only: the same rule the server applies, in words. */
export function onlyManagersNote(workspaceName: string, what: string): string {
  return `Only the owner of ${workspaceName} or the Hookline team can ${what}.`;
}
