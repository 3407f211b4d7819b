import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** Case-insensitive "contains" that means the same on SQLite and PostgreSQL; % and _ match literally. */
export function containsInsensitive(column: Expression<string> | RawBuilder<string>, term: string): RawBuilder<SqlBool> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
