import type { Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/** Tables Better Auth reads and writes (its default model and field names). */
export function authMigration(kind: DbKind) {
  const date = kind === 'postgres' ? 'timestamptz' : 'text';
  const bool = kind === 'postgres' ? 'boolean' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', bool, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('client'))
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_user_id_idx').on('session').column('userId').execute();
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_user_id_idx').on('account').column('userId').execute();
      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();
      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
