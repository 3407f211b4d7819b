import { browserTimeZone } from '@/lib/zoned-time';
import { useWorkspace } from './get-workspace';

/** The workspace's zone override, else the browser's; ready once the workspace answered (or failed). */
export function useTimeZone(): { timeZone: string; ready: boolean } {
  const workspace = useWorkspace();
  return { timeZone: workspace.data?.timeZone || browserTimeZone(), ready: !workspace.isPending };
}
