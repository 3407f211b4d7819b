import pg from 'pg';

/** A database of the benchmark's own on BENCH_DATABASE_URL (else TEST_DATABASE_URL), dropped afterwards. */
export async function createPostgresDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `hookline_${label}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
