import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

let triggers = 0;

/**
 * Makes the database refuse every timeline line written under `who` (a trigger on timelineEntry),
 * after whatever the same transaction did before it: what a change and its line do when the line
 * fails shows whether they share one transaction.
 */
export async function refuseTimelineLinesBy(t: TestApp, who: string): Promise<void> {
  const name = `refuse_lines_${++triggers}`;
  const quoted = who.replaceAll("'", "''");
  if (t.target.kind === 'sqlite') {
    await sql
      .raw(
        `create trigger ${name} before insert on "timelineEntry" when new.who = '${quoted}' begin select raise(abort, 'line refused'); end`,
      )
      .execute(t.db);
    return;
  }
  await sql
    .raw(
      `create function ${name}() returns trigger language plpgsql as $$ begin ` +
        `if new.who = '${quoted}' then raise exception 'line refused'; end if; return new; end $$`,
    )
    .execute(t.db);
  await sql.raw(`create trigger ${name} before insert on "timelineEntry" for each row execute function ${name}()`).execute(t.db);
}
