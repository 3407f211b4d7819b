import type { TWorkspace } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';

/**
 * Staff act in a client's workspace on the client's behalf: each change they make there goes on the
 * client's timeline under their email, so the client and the team can see who did what. The owner's
 * own changes are theirs to know and are not written.
 */
export async function recordStaffAction(db: Db, workspace: Pick<TWorkspace, 'id' | 'access'>, who: string, text: string): Promise<void> {
  if (workspace.access !== 'staff') return;
  await addTimelineEntry(db, { subjectType: 'client', subjectId: workspace.id, text, who, ts: nowIso() });
}

/** The start of a text for a timeline line: its first words, cut at about 60 characters. */
export function firstWords(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut}…`;
}
