import type { TWorkspace } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';

type StaffWorkspace = Pick<TWorkspace, 'id' | 'access'>;

/**
 * Staff act in a client's workspace on the client's behalf: each change they make there goes on the
 * client's timeline under their email, so the client and the team can see who did what. The owner's
 * own changes are theirs to know and are not written; those made with an API key are, naming the key
 * (`apiKey`). Call it with the transaction of the change (or use changeWithStaffRecord), so the entry
 * exists exactly when the change does.
 */
export async function recordStaffAction(
  db: Db,
  workspace: StaffWorkspace,
  who: string,
  text: string,
  apiKey?: { name: string },
): Promise<void> {
  // A script's changes are written whoever made its key: nobody watched them being made.
  if (workspace.access !== 'staff' && !apiKey) return;
  const line = apiKey ? `via API key “${apiKey.name}”: ${text}` : text;
  await addTimelineEntry(db, { subjectType: 'client', subjectId: workspace.id, text: line, who, ts: nowIso() });
}

/**
 * Runs a change and writes the timeline line that describes it (when staff made it) in one
 * transaction: a change that fails leaves no entry, and an entry that fails undoes the change.
 * `describe` sees the change's result; null writes nothing, and so does a change made outside
 * any workspace (a clip job started without one).
 */
export function changeWithStaffRecord<T>(
  db: Db,
  staff: { workspace: StaffWorkspace | null; who: string; apiKey?: { name: string } },
  change: (trx: Db) => Promise<T>,
  describe: (result: T) => string | null,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    const text = describe(result);
    if (text !== null && staff.workspace) await recordStaffAction(trx, staff.workspace, staff.who, text, staff.apiKey);
    return result;
  });
}

/** The start of a text for a timeline line: its first words, cut at about 60 characters. */
export function firstWords(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut}…`;
}
