import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Runs loadConfig and returns the ConfigError it throws (fails the test when it does not throw one). */
function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.NODE_ENV).toBe('production');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(path.resolve('./data'), 'hookline.db'), synchronous: 'full' });
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.FOUNDER_EMAIL).toEqual([]);
    expect(config.PASSWORD_MIN_LENGTH).toBe(8);
    expect(config.ONBOARDING_RATE_LIMIT).toBe(10);
    expect(config.AVATAR_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.GOOGLE_ISSUER_URL).toBe('https://accounts.google.com');
  });

  it('keeps the SQLite file under DATA_DIR and follows PORT in the default base URL', () => {
    const config = loadConfig({ DATA_DIR: '/srv/hookline', PORT: '8080' });
    expect(config.dataDir).toBe(path.resolve('/srv/hookline'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(path.resolve('/srv/hookline'), 'hookline.db'), synchronous: 'full' });
    expect(config.baseUrl).toBe('http://localhost:8080');
  });

  it('refuses a BASE_URL that is not http:// or https://', () => {
    for (const value of ['file:///srv/hookline', 'chrome-extension://abc', 'ftp://hookline.example']) {
      expect(() => loadConfig({ BASE_URL: value })).toThrow(`BASE_URL="${value}": must be an http:// or https:// address`);
    }
    expect(loadConfig({ BASE_URL: 'https://hookline.example/' }).baseUrl).toBe('https://hookline.example');
  });

  it('uses PostgreSQL for a postgres:// or postgresql:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/hookline' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/hookline',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/hookline' }).database.kind).toBe('postgres');
  });

  it('reads sqlite: and file: DATABASE_URLs as a file path', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/h.db' }).database).toMatchObject({
      kind: 'sqlite',
      file: path.resolve('/var/lib/h.db'),
    });
    expect(loadConfig({ DATABASE_URL: 'file:./x/h.db' }).database).toMatchObject({ kind: 'sqlite', file: path.resolve('./x/h.db') });
  });

  it('opens SQLite with synchronous=full unless SQLITE_SYNCHRONOUS=normal, and refuses other values', () => {
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'normal' }).database).toMatchObject({ kind: 'sqlite', synchronous: 'normal' });
    expect(configErrorFor({ SQLITE_SYNCHRONOUS: 'off' }).problems).toEqual(['SQLITE_SYNCHRONOUS="off": must be full or normal']);
  });

  it('reads the load-shedding thresholds, 0 turning a check off', () => {
    const defaults = loadConfig({});
    expect(defaults.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS).toBe(2000);
    expect(defaults.OVERLOAD_MAX_HEAP_MB).toBe(0);
    expect(defaults.OVERLOAD_MAX_DB_WAITING).toBe(100);
    expect(defaults.OVERLOAD_RETRY_AFTER_SECONDS).toBe(5);
    const set = loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_RSS_MB: '1024' });
    expect([set.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, set.OVERLOAD_MAX_RSS_MB]).toEqual([0, 1024]);
    expect(configErrorFor({ OVERLOAD_RETRY_AFTER_SECONDS: '0' }).problems).toEqual([
      'OVERLOAD_RETRY_AFTER_SECONDS="0": must be a whole number from 1 to 3600',
    ]);
  });

  it('treats empty optional values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', BASE_URL: '', SMTP_URL: '', AUTH_SECRET: '', GOOGLE_CLIENT_ID: '' });
    expect(config.database.kind).toBe('sqlite');
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('drops a trailing slash from BASE_URL', () => {
    expect(loadConfig({ BASE_URL: 'https://app.hookline.example/' }).baseUrl).toBe('https://app.hookline.example');
  });

  it('splits, trims and lower-cases FOUNDER_EMAIL', () => {
    expect(loadConfig({ FOUNDER_EMAIL: ' Boss@Hookline.test , second@hookline.test,' }).FOUNDER_EMAIL).toEqual([
      'boss@hookline.test',
      'second@hookline.test',
    ]);
  });

  it('reads TRUSTED_ORIGINS as a comma-separated list of origins, and names a bad entry', () => {
    expect(loadConfig({}).TRUSTED_ORIGINS).toEqual([]);
    expect(loadConfig({ TRUSTED_ORIGINS: ' https://admin.hookline.example/ , http://192.168.1.20:3000,' }).TRUSTED_ORIGINS).toEqual([
      'https://admin.hookline.example',
      'http://192.168.1.20:3000',
    ]);
    expect(configErrorFor({ TRUSTED_ORIGINS: 'https://ok.example,nope' }).problems).toEqual([
      'TRUSTED_ORIGINS="https://ok.example,nope": must be a comma-separated list of http:// or https:// addresses such as https://app.example.com',
    ]);
  });

  it('refuses TRUSTED_ORIGINS entries of other schemes, whose origin is the opaque "null" a sandboxed frame also sends', () => {
    for (const entry of ['chrome-extension://abcdef', 'file:///srv/hookline', 'data:text/html,hi', 'foo:bar']) {
      expect(configErrorFor({ TRUSTED_ORIGINS: `https://ok.example,${entry}` }).problems, entry).toEqual([
        `TRUSTED_ORIGINS="https://ok.example,${entry}": must be a comma-separated list of http:// or https:// addresses such as https://app.example.com`,
      ]);
    }
  });

  it('reads TRUST_PROXY as a boolean', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).TRUST_PROXY).toBe(false);
  });

  it('reports every bad variable at once, one line each, naming the variable and its value', () => {
    const error = configErrorFor({ PORT: 'abc', BASE_URL: 'notaurl', FOUNDER_EMAIL: 'nope' });
    expect(error.problems).toHaveLength(3);
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1)).toHaveLength(3);
    expect(lines.find((l) => l.includes('PORT'))).toMatch(/^ {2}- PORT="abc": must be a whole number from 0 to 65535$/);
    expect(lines.find((l) => l.includes('BASE_URL'))).toMatch(/^ {2}- BASE_URL="notaurl": must be an http:\/\/ or https:\/\/ address$/);
    expect(lines.find((l) => l.includes('FOUNDER_EMAIL'))).toMatch(
      /^ {2}- FOUNDER_EMAIL="nope": must be a comma-separated list of email addresses$/,
    );
  });

  it('reports a FOUNDER_EMAIL list with several bad entries on a single line', () => {
    const error = configErrorFor({ FOUNDER_EMAIL: 'ok@hookline.test,nope,also-bad' });
    expect(error.problems).toEqual(['FOUNDER_EMAIL="ok@hookline.test,nope,also-bad": must be a comma-separated list of email addresses']);
  });

  it('reports other bad values with their own messages', () => {
    const error = configErrorFor({
      PORT: '70000',
      DATABASE_URL: 'mysql://db',
      AUTH_SECRET: 'short',
      SMTP_URL: 'http://mail',
      TRUST_PROXY: 'maybe',
      PASSWORD_MIN_LENGTH: '4',
      LOG_LEVEL: 'loud',
    });
    const byName = Object.fromEntries(error.problems.map((p) => [p.slice(0, p.indexOf('=')), p]));
    expect(Object.keys(byName).sort()).toEqual(
      ['AUTH_SECRET', 'DATABASE_URL', 'LOG_LEVEL', 'PASSWORD_MIN_LENGTH', 'PORT', 'SMTP_URL', 'TRUST_PROXY'].sort(),
    );
    expect(byName.PORT).toBe('PORT="70000": must be a whole number from 0 to 65535');
    expect(byName.DATABASE_URL).toBe('DATABASE_URL=(value hidden): must start with postgres://, sqlite: or file:');
    expect(byName.AUTH_SECRET).toBe('AUTH_SECRET=(value hidden): must be at least 32 characters');
    expect(byName.SMTP_URL).toBe('SMTP_URL=(value hidden): must start with smtp:// or smtps://');
    expect(byName.TRUST_PROXY).toBe('TRUST_PROXY="maybe": must be true or false');
    expect(byName.PASSWORD_MIN_LENGTH).toBe('PASSWORD_MIN_LENGTH="4": must be a whole number from 6 to 128');
  });

  it('is an Error subclass carrying the problem list', () => {
    const error = configErrorFor({ PORT: 'abc' });
    expect(error).toBeInstanceOf(Error);
    expect(error.problems).toEqual(['PORT="abc": must be a whole number from 0 to 65535']);
  });
});

describe('empty numeric variables', () => {
  it('take the default instead of becoming 0', () => {
    const config = loadConfig({ PORT: '', PASSWORD_MIN_LENGTH: '', AVATAR_MAX_BYTES: '' });
    expect(config.PORT).toBe(3000);
    expect(config.PASSWORD_MIN_LENGTH).toBe(8);
    expect(config.AVATAR_MAX_BYTES).toBe(5 * 1024 * 1024);
  });
});

describe('secrets in error output', () => {
  it('are named but never echoed', () => {
    const error = configErrorFor({ AUTH_SECRET: 'too-short-but-secret', SMTP_URL: 'http://user:hunter2@mail' });
    expect(error.message).toContain('AUTH_SECRET=(value hidden): must be at least 32 characters');
    expect(error.message).toContain('SMTP_URL=(value hidden): must start with smtp:// or smtps://');
    expect(error.message).not.toContain('too-short-but-secret');
    expect(error.message).not.toContain('hunter2');
  });
});
