import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_ITEMS_PER_LIST } from '../contract/reading-lists';

/** Environment variables the API reads. Every one has a default that runs the product locally. */
const port = z.coerce.number().int().min(0).max(65535);
const boolean = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'yes'].includes(value));

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || /^(memory:\/\/|postgres(ql)?:\/\/)/.test(value), {
    message: 'must be empty (embedded PGlite in DATA_DIR), memory:// or a postgres:// URL',
  });

const httpUrl = z
  .string()
  .trim()
  .url()
  .refine((value) => /^https?:\/\//.test(value), { message: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** A duration as whole seconds ("90") or with a unit ("90s", "15m", "1h", "7d"); parsed to seconds. */
export const durationSeconds = z
  .string()
  .trim()
  .regex(/^\d+\s*[smhd]?$/i, 'must be seconds ("3600") or a number with a unit s, m, h or d ("1h", "7d")')
  .transform((value) => {
    const match = /^(\d+)\s*([smhd]?)$/i.exec(value)!;
    const unitSeconds = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[match[2]!.toLowerCase()] ?? 1;
    return Number(match[1]) * unitSeconds;
  });

/** A comma-separated list, trimmed, lowercased, without empty entries. */
const lowercaseList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

const emailDomains = lowercaseList.pipe(
  z
    .array(
      z
        .string()
        .regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'each entry must be a domain like gmail.com'),
    )
    .min(1, 'must list at least one domain'),
);

/**
 * Gmail and Yahoo Mail (product spec): Google's two Gmail domains, yahoo.com with Yahoo's regional domains,
 * and ymail.com / rocketmail.com, which Yahoo Mail still hands out.
 */
export const DEFAULT_SIGNUP_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'rocketmail.com',
  'yahoo.co.uk',
  'yahoo.ie',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.it',
  'yahoo.es',
  'yahoo.nl',
  'yahoo.be',
  'yahoo.at',
  'yahoo.ch',
  'yahoo.se',
  'yahoo.dk',
  'yahoo.no',
  'yahoo.fi',
  'yahoo.pl',
  'yahoo.gr',
  'yahoo.ro',
  'yahoo.ca',
  'yahoo.com.mx',
  'yahoo.com.br',
  'yahoo.com.ar',
  'yahoo.cl',
  'yahoo.co',
  'yahoo.com.au',
  'yahoo.co.nz',
  'yahoo.co.jp',
  'yahoo.co.in',
  'yahoo.in',
  'yahoo.com.sg',
  'yahoo.com.my',
  'yahoo.com.ph',
  'yahoo.co.id',
  'yahoo.co.th',
  'yahoo.com.vn',
  'yahoo.com.hk',
  'yahoo.com.tw',
  'yahoo.co.kr',
  'yahoo.co.za',
  'yahoo.com.tr',
];

/** A shared secret for HMAC signing (JWT HS256, ALTCHA): long enough to resist brute force. */
const signingSecret = z
  .string()
  .trim()
  .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: port.default(8787),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: databaseUrl.default(''),
  SITE_URL: httpUrl.default('http://localhost:4321'),
  /** Where browsers reach this API; media URLs in responses are built from it. */
  PUBLIC_API_URL: httpUrl.optional(),
  /** Extra origins allowed by CORS besides SITE_URL, comma-separated. */
  CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine((value) => /^https?:\/\/[^/]/i.test(value) && URL.canParse(value), {
          message: 'each entry must be an http(s) origin like https://example.com',
        }),
      ),
    )
    .default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolean.default(false),
  RANKING_MIN_VOTERS: z.coerce.number().int().min(1).default(1),
  /** How long another instance's change can take to show in this instance's cached reads. */
  CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * How long a signed-in user's row (role, token version, name) is reused for their requests without a
   * database read; every change to it is announced, so this bounds only changes nobody announced. 0: off.
   */
  AUTH_USER_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** The whole request (headers and body) must arrive within this, else 408: a stalled body holds nothing. */
  REQUEST_TIMEOUT: durationSeconds.default(25).pipe(z.number().min(1, 'must be at least 1 second')),
  /** An idle keep-alive connection is closed after this. */
  IDLE_TIMEOUT: durationSeconds.default(65).pipe(z.number().min(1, 'must be at least 1 second')),
  /** Shortest time between two patches of the cached catalogue: a burst of votes is applied in one. */
  CACHE_PATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(10_000).default(50),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** The embedded engine's buffer cache (PostgreSQL shared_buffers): its idle memory grows with it. */
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size like 32MB')
    .default('32MB'),
  /** The most series one reading list holds; adding past it answers 400 "List is full.". */
  READING_LIST_MAX_ITEMS: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_MAX_ITEMS_PER_LIST),

  // Accounts (see api/accounts). Secrets left unset outside production are generated and kept in DATA_DIR.
  /** Signs access tokens (HS256). Required in production. */
  JWT_SECRET: signingSecret.optional(),
  /** Access-token lifetime; there are no refresh tokens, the site logs out 30 s before expiry. */
  ACCESS_TOKEN_TTL: durationSeconds.default(86_400).pipe(
    z
      .number()
      .min(60, 'must be at least 60 seconds')
      .max(90 * 86_400, 'must be at most 90 days'),
  ),
  /** Lifetime of an e-mail verification link. */
  EMAIL_TOKEN_TTL: durationSeconds.default(86_400).pipe(
    z
      .number()
      .min(1, 'must be at least 1 second')
      .max(30 * 86_400, 'must be at most 30 days'),
  ),
  /** smtp(s)://user:pass@host:port; unset writes each message to DATA_DIR/outbox as an .eml file. */
  SMTP_URL: z
    .string()
    .trim()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('PanelRank <no-reply@panelrank.localhost>'),
  /** Comma-separated e-mail domains that may sign up with a password. */
  SIGNUP_EMAIL_DOMAINS: emailDomains.default(DEFAULT_SIGNUP_EMAIL_DOMAINS),
  /** altcha: self-hosted proof of work; turnstile: Cloudflare; off: no captcha (tests only). */
  CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'off']).default('altcha'),
  /** Signs ALTCHA challenges; every instance must share it. Required in production with altcha. */
  ALTCHA_HMAC_KEY: signingSecret.optional(),
  TURNSTILE_SECRET_KEY: z.string().trim().min(1).optional(),
  TURNSTILE_SITE_KEY: z.string().trim().min(1).optional(),
  /** OAuth client id of the site's Google sign-in button; unset turns Google sign-in off. */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Accepted `iss` values of Google ID tokens, comma-separated. */
  GOOGLE_ISSUERS: lowercaseList
    .pipe(z.array(z.string()).min(1, 'must list at least one issuer'))
    .default(['accounts.google.com', 'https://accounts.google.com']),
  /** Login, signup and resend-verification requests per client IP per window, each call counted apart. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** The same calls per account (username or e-mail) per window, whatever the IP. */
  AUTH_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  AUTH_RATE_LIMIT_WINDOW: durationSeconds.default(60).pipe(z.number().min(1, 'must be at least 1 second')),
  /** Issue reports (POST /issues/report) per client IP per window: anyone may report, so it is bounded. */
  ISSUE_REPORT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  ISSUE_REPORT_RATE_LIMIT_WINDOW: durationSeconds
    .default(600)
    .pipe(z.number().min(1, 'must be at least 1 second')),
  /** Votes per user per window. */
  VOTE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  VOTE_RATE_LIMIT_WINDOW: durationSeconds.default(60).pipe(z.number().min(1, 'must be at least 1 second')),
  /** Catalogue and tracker administration (each write, cover uploads included) per admin per window. */
  ADMIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(120),
  ADMIN_RATE_LIMIT_WINDOW: durationSeconds.default(60).pipe(z.number().min(1, 'must be at least 1 second')),
  /** Every other write (reading lists, forum, account deletion...) per user (or IP) and feature per window. */
  WRITE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  WRITE_RATE_LIMIT_WINDOW: durationSeconds.default(60).pipe(z.number().min(1, 'must be at least 1 second')),
  /** Where media live: `local` (DATA_DIR/media) or `s3` (an S3-compatible bucket, S3_* below). */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** For S3-compatible services (R2, MinIO...); unset for AWS S3. */
  S3_ENDPOINT: httpUrl.optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key), which MinIO and most test servers need. */
  S3_FORCE_PATH_STYLE: boolean.default(false),
  /** Browsers fetch media from here (a CDN or the bucket's public URL); unset: through the API's /media. */
  S3_PUBLIC_URL: httpUrl.optional(),
  /** How long replaced or deleted media stay before their files are removed (0: at once). */
  MEDIA_DELETE_GRACE: durationSeconds.default(86_400),
  /** How often each instance removes the media whose grace period has passed. */
  MEDIA_SWEEP_INTERVAL: durationSeconds.default(60).pipe(z.number().min(1, 'must be at least 1 second')),
  /** redis://… : rate-limit counters in Redis instead of the database. */
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => /^rediss?:\/\//.test(value), { message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** Threads one user may create per window; only threads actually created count (all instances share it). */
  FORUM_THREAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(3),
  FORUM_THREAD_RATE_LIMIT_WINDOW: durationSeconds
    .default(600)
    .pipe(z.number().min(1, 'must be at least 1 second')),
  /** Replies one user may post per window; only replies actually posted count (all instances share it). */
  FORUM_POST_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  FORUM_POST_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second')),
  /** Image uploads per user per window (per instance, every request counted). */
  FORUM_UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  FORUM_UPLOAD_RATE_LIMIT_WINDOW: durationSeconds
    .default(600)
    .pipe(z.number().min(1, 'must be at least 1 second')),
  /** Like toggles per user per window (per instance, every request counted). */
  FORUM_LIKE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(120),
  FORUM_LIKE_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second')),
});

type RawConfig = z.infer<typeof configSchema>;

export type DatabaseTarget =
  { kind: 'embedded'; dataDir: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

export interface Config extends RawConfig {
  dataDir: string;
  publicApiUrl: string;
  database: DatabaseTarget;
  corsOrigins: string[];
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function databaseTarget(url: string, dataDir: string): DatabaseTarget {
  if (url === '') return { kind: 'embedded', dataDir: resolve(dataDir, 'pglite') };
  if (url.startsWith('memory://')) return { kind: 'memory' };
  return { kind: 'postgres', url };
}

/** Reads and validates the configuration, naming every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => {
      const value = env[key];
      return [key, value === undefined || value === '' ? undefined : value];
    }),
  );
  const parsed = configSchema.safeParse(input);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => {
          const key = String(issue.path[0] ?? '');
          return `${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
        })),
    ...accountSettingProblems(input),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const raw = parsed.data;
  const dataDir = resolve(raw.DATA_DIR);
  return {
    ...raw,
    dataDir,
    publicApiUrl: raw.PUBLIC_API_URL ?? `http://${displayHost(raw.HOST)}:${raw.PORT}`,
    database: databaseTarget(raw.DATABASE_URL, dataDir),
    // Browsers send an origin (scheme, lower-case host, port; no path), and CORS matches it exactly.
    corsOrigins: [
      ...new Set([...siteOrigins(raw.SITE_URL), ...raw.CORS_ORIGINS].map((url) => new URL(url).origin)),
    ],
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the site is opened at. A site on this machine (the local default) is reached as localhost,
 * 127.0.0.1 or [::1] alike, and each is a different origin to CORS: all are allowed, or the site's islands
 * fail when it is opened by the "wrong" one.
 */
function siteOrigins(siteUrl: string): string[] {
  const site = new URL(siteUrl);
  if (!LOOPBACK_HOSTS.includes(site.hostname)) return [siteUrl];
  return [
    siteUrl,
    ...LOOPBACK_HOSTS.map((hostname) => {
      const spelling = new URL(site);
      spelling.hostname = hostname;
      return spelling.href;
    }),
  ];
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host;
}

/** Settings that are only wrong in combination; checked on the raw input so every problem is named at once. */
function accountSettingProblems(input: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const production = input.NODE_ENV === 'production';
  const captcha = input.CAPTCHA_PROVIDER ?? 'altcha';
  if (production && input.JWT_SECRET === undefined) {
    problems.push(
      'JWT_SECRET is required when NODE_ENV=production: set it to a random string of at least 32 characters ' +
        '(e.g. `openssl rand -base64 48`), the same on every instance.',
    );
  }
  if (production && captcha === 'off') {
    problems.push('CAPTCHA_PROVIDER=off is refused when NODE_ENV=production: use altcha or turnstile.');
  }
  if (production && captcha === 'altcha' && input.ALTCHA_HMAC_KEY === undefined) {
    problems.push(
      'ALTCHA_HMAC_KEY is required when NODE_ENV=production and CAPTCHA_PROVIDER=altcha: set it to a random ' +
        'string of at least 32 characters, the same on every instance.',
    );
  }
  if (input.MEDIA_STORE === 's3' && input.S3_BUCKET === undefined) {
    problems.push('S3_BUCKET is required when MEDIA_STORE=s3.');
  }
  if (captcha === 'turnstile') {
    for (const key of ['TURNSTILE_SECRET_KEY', 'TURNSTILE_SITE_KEY']) {
      if (input[key] === undefined) problems.push(`${key} is required when CAPTCHA_PROVIDER=turnstile.`);
    }
  }
  return problems;
}
