// Kept apart from the zod contracts: pages that only send the header do not load zod for it.
/**
 * The request header naming the workspace a dashboard call acts on. Staff (and later members)
 * work in workspaces that are not their own; each browser tab keeps its own choice, so two tabs
 * can work in two clients at once. Without it a client acts in the workspace they own.
 */
export const WORKSPACE_HEADER = 'x-workspace-id';
