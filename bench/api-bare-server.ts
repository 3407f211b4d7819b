// The API benchmark's baseline: a bare Fastify server (no session, guards, validation, schema
// serialization or request logging) that runs, for GET /{route}/{variant}, the statements Hookline's
// list query runs for that request (captured by api-lists.ts, in BARE_STATEMENTS_FILE) on the same
// database, and sends the rows as JSON, compressed as the app compresses its answers.
import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import pg from 'pg';
import type SQLite from 'better-sqlite3';
import { openAppSqlite } from './support/sqlite.ts';

interface Statement {
  sql: string;
  parameters: unknown[];
}
type Routes = Record<string, { parallel: boolean; variants: Statement[][] }>;

const routes = JSON.parse(fs.readFileSync(process.env.BARE_STATEMENTS_FILE!, 'utf8')) as Routes;
const runStatement = openDatabase();

function openDatabase(): (statement: Statement) => Promise<unknown[]> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // The app's pool size (apps/server/src/db/database.ts).
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return async ({ sql, parameters }) => (await pool.query(sql, parameters)).rows;
  }
  const db = openAppSqlite(process.env.SQLITE_FILE!);
  // Prepared once per text and reused, as the app's statement cache does.
  const prepared = new Map<string, SQLite.Statement>();
  return async ({ sql, parameters }) => {
    const statement = prepared.get(sql) ?? prepared.set(sql, db.prepare(sql)).get(sql)!;
    return statement.all(parameters);
  };
}

const app = Fastify();
// The app's settings (apps/server/src/app.ts): answers of 1 kB or more, brotli at quality 4.
await app.register(fastifyCompress, { threshold: 1024, brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
app.get<{ Params: { route: string; variant: string } }>('/:route/:variant', async (request, reply) => {
  const route = routes[request.params.route];
  const statements = route?.variants[Number(request.params.variant)];
  if (!statements) return reply.status(404).send({ error: 'no such route or variant' });
  if (route.parallel) return Promise.all(statements.map(runStatement));
  const results: unknown[][] = [];
  for (const statement of statements) results.push(await runStatement(statement));
  return results;
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
