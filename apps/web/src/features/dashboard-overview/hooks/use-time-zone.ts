import { useWorkspace } from '../api/get-workspace';
import { browserTimeZone } from '../zoned-time';

/** The workspace's zone override, else the browser's; ready once the workspace answered (or failed). */
export function useTimeZone(): { timeZone: string; ready: boolean } {
  const workspace = useWorkspace();
  return { timeZone: workspace.data?.timeZone || browserTimeZone(), ready: !workspace.isPending };
}
