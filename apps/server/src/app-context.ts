import type { AppConfig } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import type { FileStore } from './lib/file-store.ts';
import type { JobRunner } from './lib/jobs/job-queue.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Auth } from './plugins/auth.ts';

/** What route modules, jobs and the CLI share; passed explicitly, no globals. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  files: FileStore;
  jobs: JobRunner;
}
