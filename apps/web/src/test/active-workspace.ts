import { adoptWorkspaceFromUrl } from '@/lib/active-workspace';

/** Makes the tab work in a workspace as a link with ?workspace= would, leaving the address at `path`. */
export function openWorkspaceForTest(id: string, path = '/dashboard') {
  window.history.replaceState(null, '', `${path}${path.includes('?') ? '&' : '?'}workspace=${encodeURIComponent(id)}`);
  adoptWorkspaceFromUrl();
}
