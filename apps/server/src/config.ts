import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).optional());

/** A whole number within [min, max]; empty or unset gives the default. */
const intFromEnv = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: message })
      .refine((n) => Number.isInteger(n) && n >= min && n <= max, message)
      .default(fallback),
  );
};

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: intFromEnv(0, 65535, 3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, sqlite: or file:')
      .optional(),
  ),
  // Browsers' Origin for any other scheme is "null", which no page of the app would ever send.
  BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional()),
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  FOUNDER_EMAIL: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' }))),
  /**
   * Page origins admitted besides BASE_URL's (another host name, a LAN address). Only http(s): any
   * other scheme's origin is the opaque "null" that every sandboxed frame sends too.
   */
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({
          protocol: /^https?$/,
          error: 'must be a comma-separated list of http:// or https:// addresses such as https://app.example.com',
        }),
      ),
    )
    .transform((list) => list.map((o) => new URL(o).origin)),
  PASSWORD_MIN_LENGTH: intFromEnv(6, 128, 8),
  SIGNIN_RATE_LIMIT: intFromEnv(1, 1_000_000, 10),
  ONBOARDING_RATE_LIMIT: intFromEnv(1, 1_000_000, 10),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Hookline <no-reply@hookline.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: z.url({ error: 'must be a URL' }).default('https://accounts.google.com'),
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  APPLE_ISSUER_URL: z.url({ error: 'must be a URL' }).default('https://appleid.apple.com'),
  ENTERPRISE_CALL_URL: z.url({ error: 'must be a URL' }).default('https://cal.com/hookline/enterprise'),
  AIRTABLE_TOKEN: optionalString,
  AIRTABLE_BASE_ID: optionalString,
  AIRTABLE_TABLE: z.string().default('Onboarding'),
  AIRTABLE_API_URL: z.url({ error: 'must be a URL' }).default('https://api.airtable.com'),
  WEBHOOK_ALLOW_PRIVATE: boolFromEnv.default(false),
  WEBHOOK_RETRY_BASE_MS: intFromEnv(10, 3_600_000, 5000),
  JOB_POLL_MS: intFromEnv(10, 60_000, 1000),
  /** First retry of a post the network refused for a while (429, 5xx); doubles with each try. */
  PUBLISH_RETRY_BASE_MS: intFromEnv(10, 3_600_000, 30_000),
  /** How often channel tokens about to expire are renewed and published posts' figures read. */
  CHANNEL_UPKEEP_MS: intFromEnv(100, 3_600_000, 60_000),
  /** How often each app process runs the console's system checks in the background. */
  HEALTH_CHECK_MS: intFromEnv(100, 3_600_000, 30_000),
  /** Off on app instances that leave jobs to `npm run worker` processes. */
  RUN_JOBS: boolFromEnv.default(true),
  ASSISTANT_RATE_LIMIT: intFromEnv(1, 10_000, 20),
  API_KEY_RATE_LIMIT: intFromEnv(1, 1_000_000, 120),
  ASSISTANT_MAX_MESSAGES: intFromEnv(1, 500, 50),
  ASSISTANT_MAX_CHARS: intFromEnv(100, 200_000, 8000),
  MEDIA_MAX_BYTES: intFromEnv(1024, 10 * 1024 * 1024 * 1024, 100 * 1024 * 1024),
  TOKEN_ENCRYPTION_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  CHANNEL_GOOGLE_CLIENT_ID: optionalString,
  CHANNEL_GOOGLE_CLIENT_SECRET: optionalString,
  CHANNEL_GOOGLE_AUTH_URL: z.url({ error: 'must be a URL' }).default('https://accounts.google.com/o/oauth2/v2/auth'),
  CHANNEL_GOOGLE_TOKEN_URL: z.url({ error: 'must be a URL' }).default('https://oauth2.googleapis.com/token'),
  CHANNEL_GOOGLE_PROFILE_URL: z
    .url({ error: 'must be a URL' })
    .default('https://www.googleapis.com/youtube/v3/channels?part=snippet&mine=true'),
  CHANNEL_LINKEDIN_CLIENT_ID: optionalString,
  CHANNEL_LINKEDIN_CLIENT_SECRET: optionalString,
  CHANNEL_LINKEDIN_AUTH_URL: z.url({ error: 'must be a URL' }).default('https://www.linkedin.com/oauth/v2/authorization'),
  CHANNEL_LINKEDIN_TOKEN_URL: z.url({ error: 'must be a URL' }).default('https://www.linkedin.com/oauth/v2/accessToken'),
  CHANNEL_LINKEDIN_PROFILE_URL: z.url({ error: 'must be a URL' }).default('https://api.linkedin.com/v2/userinfo'),
  /**
   * What Hookline asks LinkedIn for. Posting as organization pages needs LinkedIn's Community
   * Management API approval and `w_organization_social rw_organization_admin` added here; asking for
   * scopes the app is not approved for makes LinkedIn refuse the sign-in.
   */
  CHANNEL_LINKEDIN_SCOPES: z.string().default('openid profile email w_member_social'),
  /** Where each network's publishing API answers (tests point them at local fakes of the same protocol). */
  CHANNEL_LINKEDIN_API_URL: z.url({ error: 'must be a URL' }).default('https://api.linkedin.com'),
  CHANNEL_GOOGLE_API_URL: z.url({ error: 'must be a URL' }).default('https://www.googleapis.com'),
  CHANNEL_TWITTER_CLIENT_ID: optionalString,
  CHANNEL_TWITTER_CLIENT_SECRET: optionalString,
  CHANNEL_TWITTER_AUTH_URL: z.url({ error: 'must be a URL' }).default('https://x.com/i/oauth2/authorize'),
  CHANNEL_TWITTER_TOKEN_URL: z.url({ error: 'must be a URL' }).default('https://api.x.com/2/oauth2/token'),
  CHANNEL_TWITTER_API_URL: z.url({ error: 'must be a URL' }).default('https://api.x.com'),
  CHANNEL_INSTAGRAM_CLIENT_ID: optionalString,
  CHANNEL_INSTAGRAM_CLIENT_SECRET: optionalString,
  CHANNEL_INSTAGRAM_AUTH_URL: z.url({ error: 'must be a URL' }).default('https://www.instagram.com/oauth/authorize'),
  CHANNEL_INSTAGRAM_TOKEN_URL: z.url({ error: 'must be a URL' }).default('https://api.instagram.com/oauth/access_token'),
  CHANNEL_INSTAGRAM_API_URL: z.url({ error: 'must be a URL' }).default('https://graph.instagram.com'),
  /** Bluesky's service when a user names none (their PDS, or the entryway that finds it). */
  CHANNEL_BLUESKY_SERVICE_URL: z.url({ error: 'must be a URL' }).default('https://bsky.social'),
  /** Where a Bluesky post's likes and reposts are read (an AppView; a PDS does not count them). */
  CHANNEL_BLUESKY_APPVIEW_URL: z.url({ error: 'must be a URL' }).default('https://public.api.bsky.app'),
  /**
   * Mastodon instances and Bluesky services are named by users: only public https servers unless
   * this is on (local test servers, a private instance on the same network).
   */
  CHANNEL_ALLOW_PRIVATE_INSTANCES: boolFromEnv.default(false),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  YTDLP_PATH: z.string().default('yt-dlp'),
  CLIPPER_ENABLED: boolFromEnv.default(true),
  /** Where browsers send clipper requests; empty = this server. */
  CLIPPER_BASE_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).optional()),
  CLIPPER_MAX_UPLOAD_BYTES: intFromEnv(1024, 100 * 1024 * 1024 * 1024, 8 * 1024 * 1024 * 1024),
  TRANSCRIBE_BASE_URL: optionalUrl,
  TRANSCRIBE_API_KEY: optionalString,
  TRANSCRIBE_MODEL: z.string().default('whisper-1'),
  /**
   * Files go to this S3 bucket instead of DATA_DIR/files, so every app instance and worker sees
   * them. Without keys the AWS SDK's own credentials apply (AWS_* variables, an instance role).
   */
  S3_BUCKET: optionalString,
  /** An S3-compatible server (MinIO, Cloudflare R2, a local test server); empty = AWS. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** bucket in the path (endpoint/bucket/key), as MinIO-like servers want, instead of its host name. */
  S3_FORCE_PATH_STYLE: boolFromEnv.default(false),
  AVATAR_MAX_BYTES: intFromEnv(1024, 100 * 1024 * 1024, 5 * 1024 * 1024),
  TRUST_PROXY: boolFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load shedding (@fastify/under-pressure): 503 above any of these; 0 turns a check off. */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: intFromEnv(0, 60_000, 2000),
  OVERLOAD_MAX_HEAP_MB: intFromEnv(0, 1_048_576, 0),
  OVERLOAD_MAX_RSS_MB: intFromEnv(0, 1_048_576, 0),
  OVERLOAD_MAX_DB_WAITING: intFromEnv(0, 1_000_000, 100),
  OVERLOAD_RETRY_AFTER_SECONDS: intFromEnv(1, 3600, 5),
  /** full: a commit survives a power loss; normal: a process crash only, with far cheaper commits (ADR 044). */
  SQLITE_SYNCHRONOUS: z.enum(['full', 'normal'], { error: 'must be full or normal' }).default('full'),
});

export type Env = z.infer<typeof ZEnv>;

export type AppConfig = Env & {
  baseUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string; synchronous: 'full' | 'normal' } | { kind: 'postgres'; url: string };
};

/** Never echoed in error output: they hold secrets or credentials. */
const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'APPLE_CLIENT_SECRET',
  'SMTP_URL',
  'DATABASE_URL',
  'AIRTABLE_TOKEN',
  'AI_API_KEY',
  'TRANSCRIBE_API_KEY',
  'TOKEN_ENCRYPTION_KEY',
  'CHANNEL_GOOGLE_CLIENT_SECRET',
  'CHANNEL_LINKEDIN_CLIENT_SECRET',
  'CHANNEL_TWITTER_CLIENT_SECRET',
  'CHANNEL_INSTAGRAM_CLIENT_SECRET',
  'S3_SECRET_ACCESS_KEY',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Loads ./.env into process.env when there is one (variables already set win). */
export function loadEnvFileIfPresent(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/** For the server and the worker: .env plus the environment, or the problems printed and exit code 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    loadEnvFileIfPresent();
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Reads and validates the environment; every bad value is reported on its own line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    // One line per variable, even when a list variable has several bad entries.
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      const shown = SECRET_VARIABLES.has(name) ? '(value hidden)' : JSON.stringify(env[name] ?? '');
      if (!problems.has(name)) problems.set(name, `${name}=${shown}: ${issue.message}`);
    }
    throw new ConfigError([...problems.values()]);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(["S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's own credentials"]);
  }
  // Without the bucket the files would quietly stay on each machine's disk.
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError(['S3_BUCKET: set it too, or remove the other S3_ settings to keep the files in DATA_DIR/files']);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: AppConfig['database'] =
    url && /^postgres/.test(url)
      ? { kind: 'postgres', url }
      : {
          kind: 'sqlite',
          file: url ? path.resolve(url.replace(/^(sqlite|file):/, '')) : path.join(dataDir, 'hookline.db'),
          synchronous: e.SQLITE_SYNCHRONOUS,
        };
  return {
    ...e,
    dataDir,
    database,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}
