// Kept apart from the zod contracts: pages that only decide what to show do not load zod for it.
/** How the caller acts in a workspace; the same words as the workspace contract's `access`. */
export type TWorkspaceAccessLevel = 'owner' | 'editor' | 'approver' | 'staff';

/**
 * What each kind of caller may do in a workspace. Teammates (editors and approvers) draft,
 * comment, use the assistant and the clipper, and open requests; they do not change the
 * workspace's settings, channels or members. Approval is the client's word: the owner, an
 * approver, or someone with a review link, never staff. Only the owner deletes the workspace.
 */
export const canApprove = (access: TWorkspaceAccessLevel): boolean => access === 'owner' || access === 'approver';
export const canManageWorkspace = (access: TWorkspaceAccessLevel): boolean => access === 'owner' || access === 'staff';
export const isStaffAccess = (access: TWorkspaceAccessLevel): boolean => access === 'staff';
