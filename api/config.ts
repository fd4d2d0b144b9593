import { resolve } from 'node:path';
import { z } from 'zod';
import { ACCESS_TOKEN_LIFETIME_SECONDS, REFRESH_TOKEN_LIFETIME_SECONDS } from '../contract/apps-values';
import { DEFAULT_MAX_ITEMS_PER_LIST } from '../contract/reading-lists';
import { REVIEWS_PER_HOUR } from '../contract/reviews';

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
 * Sign-up is open to Gmail and Yahoo Mail by default: Google's two Gmail domains, yahoo.com with Yahoo's
 * regional domains, and ymail.com / rocketmail.com, which Yahoo Mail still hands out.
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

/**
 * Every field's description is its entry in docs/configuration.md, which `npm run docs:config` generates
 * from this schema (defaults included); tests/unit/docs-configuration.test.ts fails when the two differ.
 */
export const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe(
      '`production` makes `JWT_SECRET` (and, with ALTCHA, `ALTCHA_HMAC_KEY`) required and refuses ' +
        '`CAPTCHA_PROVIDER=off`.',
    ),
  HOST: z
    .string()
    .trim()
    .min(1)
    .default('127.0.0.1')
    .describe('Interface the API listens on (`0.0.0.0` in a container).'),
  PORT: port.default(8787).describe('Port the API listens on.'),
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default('./data')
    .describe(
      "The API's local files: the embedded database (`DATA_DIR/pglite`), media with `MEDIA_STORE=local`, " +
        'the e-mail outbox, generated secrets, and the logs of `npm start`.',
    ),
  DATABASE_URL: databaseUrl
    .default('')
    .describe(
      'Unset: embedded PGlite in `DATA_DIR/pglite`. `memory://`: in-memory PGlite (tests). `postgres://…`: ' +
        'a PostgreSQL server. Either way pending migrations run at start-up (on PostgreSQL under an advisory ' +
        'lock, so instances may start together).',
    ),
  SITE_URL: httpUrl
    .default('http://localhost:4321')
    .describe(
      "The site's origin: allowed by CORS (a site on this machine as `localhost`, `127.0.0.1` and `[::1]` " +
        "alike); e-mail links, the forum's feed and the report form's redirects point at it.",
    ),
  PUBLIC_API_URL: httpUrl
    .optional()
    .describe(
      'Where browsers reach this API (the balancer behind several instances); media URLs in answers are ' +
        'built from it. Unset: `http://localhost:PORT` (`http://HOST:PORT` for a named host).',
    ),
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
    .default([])
    .describe('More origins allowed by CORS besides `SITE_URL`, comma-separated.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe("Level of the API's JSON log (one line per request, with its request id)."),
  TRUST_PROXY: boolean
    .default(false)
    .describe(
      'Trust `X-Forwarded-*` (behind a load balancer), so rate limits count client IPs, not the balancer.',
    ),
  RANKING_MIN_VOTERS: z.coerce
    .number()
    .int()
    .min(1)
    .default(3)
    .describe('A series with fewer distinct voters is Unranked.'),
  RANKING_PRIOR_VOTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(10)
    .describe(
      'm of the weighted score: each category of a series counts as if it had this many more votes at the ' +
        "catalogue's mean in that category, so a few votes move a series little until more readers vote.",
    ),
  RANKING_PRIOR_REFRESH: durationSeconds
    .default(3600)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe(
      "How often the catalogue's mean per category is recomputed and every series rescored in memory (seconds, or " +
        "with a unit: `15m`); also at start-up. Only the instance that takes the job's lease works; between " +
        'two recomputations a vote moves only its own series.',
    ),
  VOTE_ANOMALY_MIN_VOTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(10)
    .describe(
      'Unusual voting (`/admin/votes`): a series is listed when at least this many of its voters in the last ' +
        '24 hours are accounts created within the last 7 days.',
    ),
  CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5000)
    .describe(
      'The safety net behind the change feed: the longest a change nobody announced (SQL by hand, a lost ' +
        "notification) takes to show in this instance's cached rankings, the tracker's answers to visitors, " +
        "shared lists and owners' list pages, and the forum's cached threads and thread lists. `0` turns " +
        "the tracker's, the lists' and the forum's answer caches off.",
    ),
  AUTH_USER_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(30_000)
    .describe(
      "How long an instance reuses a signed-in user's row (role, token version, name) instead of reading it " +
        'on every request. Every change the API or the admin CLI makes to a user (deletion, promotion, ' +
        'demotion, tokens revoked) is announced to every instance at once; this bounds only changes nobody ' +
        'announced (SQL by hand). `0` reads the user on every request.',
    ),
  REQUEST_TIMEOUT: durationSeconds
    .default(25)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe(
      'A request (headers and body) must arrive within this, else 408 in the `{detail}` shape: a stalled ' +
        'body holds nothing. Headers alone have 10 s.',
    ),
  IDLE_TIMEOUT: durationSeconds
    .default(65)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe("An idle keep-alive connection is closed after this (longer than a balancer's usual 60 s)."),
  CACHE_PATCH_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(50)
    .describe(
      'Shortest time between two patches of the cached catalogue: the votes and edits of a burst are ' +
        'applied together, one patch per interval.',
    ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe(
      'Connections per instance to PostgreSQL. Each instance also holds one listening connection for the ' +
        "change feed: keep instances × (pool size + 1) under the server's `max_connections`.",
    ),
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size like 32MB')
    .default('32MB')
    .describe(
      "The embedded engine's buffer cache (PostgreSQL `shared_buffers`). Its WebAssembly memory grows to " +
        "hold it and never shrinks, so PostgreSQL's 128 MB default was most of what an idle embedded API " +
        "held; the demo catalogue's hot tables fit in far less.",
    ),
  NOTIFICATION_STREAMS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(5)
    .describe(
      'Open notification streams (`GET /notifications/stream`) one user may hold on an instance; one more ' +
        'is answered 429 `TOO_MANY_STREAMS` with Retry-After.',
    ),
  NOTIFICATION_STREAMS_PER_INSTANCE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(2000)
    .describe(
      'Open notification streams an instance holds in all (each is an open connection); one more is ' +
        'answered 503 `STREAMS_BUSY` with Retry-After, and the client tries again later, maybe on another ' +
        'instance.',
    ),
  NOTIFICATION_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(25_000)
    .default(20_000)
    .describe(
      'Time between two heartbeat comments on an open notification stream, so proxies keep it and clients ' +
        'see it alive (at most 25 s).',
    ),
  READING_LIST_MAX_ITEMS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(DEFAULT_MAX_ITEMS_PER_LIST)
    .describe('The most series one reading list holds; adding past it answers 400 "List is full.".'),

  // Accounts (see api/accounts). Secrets left unset outside production are generated and kept in DATA_DIR.
  JWT_SECRET: signingSecret
    .optional()
    .describe(
      'HS256 key of the access tokens, the same on every instance. Required with `NODE_ENV=production`; ' +
        'unset elsewhere, one is generated once into `DATA_DIR/jwt-secret` (a new one per process with ' +
        '`memory://`).',
    ),
  ACCESS_TOKEN_TTL: durationSeconds
    .default(86_400)
    .pipe(
      z
        .number()
        .min(60, 'must be at least 60 seconds')
        .max(90 * 86_400, 'must be at most 90 days'),
    )
    .describe(
      'Access-token lifetime (60 s to 90 days). There are no refresh tokens: the site signs out 30 s ' +
        'before expiry.',
    ),
  OAUTH_ACCESS_TOKEN_TTL: durationSeconds
    .default(ACCESS_TOKEN_LIFETIME_SECONDS)
    .pipe(z.number().min(1, 'must be at least 1 second').max(86_400, 'must be at most 1 day'))
    .describe(
      "Lifetime of the OAuth access tokens apps get (the library API's bearer), 1 s to 1 day; apps renew " +
        'them with their refresh token.',
    ),
  OAUTH_REFRESH_TOKEN_TTL: durationSeconds
    .default(REFRESH_TOKEN_LIFETIME_SECONDS)
    .pipe(
      z
        .number()
        .min(60, 'must be at least 60 seconds')
        .max(365 * 86_400, 'must be at most 365 days'),
    )
    .describe(
      'Lifetime of an OAuth refresh token. Each refresh answers a new one (rotation), so an app in use ' +
        'stays signed in; one unused this long must ask the reader again.',
    ),
  V1_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe(
      'Library API (`/v1`) calls per token per window (an OAuth grant counts as one token across ' +
        'refreshes); every call counts, in the shared rate-limit store.',
    ),
  V1_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the library API limit.'),
  EMAIL_TOKEN_TTL: durationSeconds
    .default(86_400)
    .pipe(
      z
        .number()
        .min(1, 'must be at least 1 second')
        .max(30 * 86_400, 'must be at most 30 days'),
    )
    .describe('Lifetime of an e-mail verification link (at most 30 days).'),
  SMTP_URL: z
    .string()
    .trim()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), { message: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .describe(
      '`smtp(s)://user:pass@host:port` sends e-mail for real. Unset: each message is written to ' +
        '`DATA_DIR/outbox` as an `.eml` file and its link is logged.',
    ),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .default('PanelRank <no-reply@panelrank.localhost>')
    .describe('Sender of the e-mails.'),
  DIGEST_CHECK_INTERVAL: durationSeconds
    .default(3600)
    .describe(
      'How often each instance wakes to send the daily digests that are due (seconds, or with a unit: ' +
        "`15m`). Only the instance that takes the job's lease in the database works; the others skip. `0` " +
        'never wakes (`npm run digest -- --now` still sends).',
    ),
  RETENTION_CHECK_INTERVAL: durationSeconds
    .default(3600)
    .describe(
      'How often each instance wakes to remove notifications older than 90 days and those past the newest ' +
        "1,000 of a user. Only the instance that takes the job's lease in the database sweeps. `0` never wakes.",
    ),
  ALSO_LIKED_REFRESH: durationSeconds
    .default(6 * 3600)
    .describe(
      'How often each instance wakes to recompute every series\' "Readers also liked" (seconds, or with a unit: ' +
        '`6h`); also once 30 seconds after start-up while none is stored. Only the instance that takes the ' +
        "job's lease works; the others skip. `0` never recomputes.",
    ),
  SIGNUP_EMAIL_DOMAINS: emailDomains
    .default(DEFAULT_SIGNUP_EMAIL_DOMAINS)
    .describe(
      'Comma-separated e-mail domains that may sign up with a password (the sign-up form reads them from ' +
        "`GET /auth/config`). The default is Gmail and Yahoo Mail with Yahoo's regional domains.",
    ),
  CAPTCHA_PROVIDER: z
    .enum(['altcha', 'turnstile', 'off'])
    .default('altcha')
    .describe(
      'The captcha of signup, login and resend: `altcha` (self-hosted proof of work, works offline), ' +
        '`turnstile` (Cloudflare), or `off` (automated tests only; refused in production).',
    ),
  ALTCHA_HMAC_KEY: signingSecret
    .optional()
    .describe(
      'Signs ALTCHA challenges, the same on every instance. Required in production with ALTCHA; unset ' +
        'elsewhere, one is generated once into `DATA_DIR/altcha-hmac-key`.',
    ),
  TURNSTILE_SECRET_KEY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('Cloudflare Turnstile secret key; required with `CAPTCHA_PROVIDER=turnstile`.'),
  TURNSTILE_SITE_KEY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('Cloudflare Turnstile site key; required with `CAPTCHA_PROVIDER=turnstile`.'),
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('OAuth client id of Google sign-in; unset turns Google sign-in off (and hides its button).'),
  GOOGLE_JWKS_URL: httpUrl
    .default('https://www.googleapis.com/oauth2/v3/certs')
    .describe("Google's signing keys (tests point it at a local key set)."),
  GOOGLE_ISSUERS: lowercaseList
    .pipe(z.array(z.string()).min(1, 'must list at least one issuer'))
    .default(['accounts.google.com', 'https://accounts.google.com'])
    .describe('Accepted `iss` values of Google ID tokens, comma-separated.'),
  AUTH_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(
      'Login, signup and resend-verification requests per client IP per window, each call counted apart.',
    ),
  AUTH_RATE_LIMIT_ACCOUNT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe('The same calls per account (username or e-mail) per window, whatever the IP.'),
  AUTH_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of both authentication limits.'),
  ISSUE_REPORT_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      'Issue reports (`POST /issues/report`) per client IP per window; refused attempts count too. Anyone ' +
        'may report, so put the API behind `TRUST_PROXY=true` or every visitor shares one limit.',
    ),
  ISSUE_REPORT_RATE_LIMIT_WINDOW: durationSeconds
    .default(600)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the issue-report limit.'),
  VOTE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60).describe('Votes per user per window.'),
  VOTE_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the vote limit.'),
  ADMIN_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(120)
    .describe('Admin writes (catalogue and tracker, cover uploads included) per admin per window.'),
  ADMIN_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the admin limit.'),
  WRITE_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .describe(
      "Every other write (reading lists; the forum's edits, deletes and moderation; account deletion) per " +
        'user, or per IP for anonymous calls, and feature, per window.',
    ),
  WRITE_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the write limit.'),
  MEDIA_STORE: z
    .enum(['local', 's3'])
    .default('local')
    .describe(
      '`local`: media in `DATA_DIR/media`, served by the API. `s3`: in an S3-compatible bucket (AWS S3, ' +
        'Cloudflare R2, MinIO…), set up by the `S3_*` variables.',
    ),
  S3_BUCKET: z.string().trim().min(1).optional().describe('The bucket; required with `MEDIA_STORE=s3`.'),
  S3_REGION: z.string().trim().min(1).default('us-east-1').describe("The bucket's region (`auto` for R2)."),
  S3_ENDPOINT: httpUrl
    .optional()
    .describe("The service's URL for S3-compatible services (R2, MinIO); unset for AWS S3."),
  S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe("Access key; unset uses the AWS SDK's default chain (instance role, environment)."),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional().describe('Secret of that access key.'),
  S3_FORCE_PATH_STYLE: boolean
    .default(false)
    .describe('Path-style URLs (`endpoint/bucket/key`), which MinIO and most self-hosted services need.'),
  S3_PUBLIC_URL: httpUrl
    .optional()
    .describe(
      'Where browsers fetch media directly (a CDN in front of the bucket, or its public URL); media URLs in ' +
        "answers use it. Unset: media are streamed through the API's `/media/{key}`.",
    ),
  MEDIA_DELETE_GRACE: durationSeconds
    .default(86_400)
    .describe(
      'How long a replaced or deleted cover or forum image stays before its files are removed (pre-rendered ' +
        'pages, CDN copies and other instances still name it meanwhile). `0` removes at once.',
    ),
  MEDIA_SWEEP_INTERVAL: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('How often each instance removes the media whose grace period has passed.'),
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => /^rediss?:\/\//.test(value), { message: 'must be a redis:// or rediss:// URL' })
    .optional()
    .describe(
      "`redis://…`: rate-limit counters in Redis. Unset: in the database's `rate_limit_counters` table (on " +
        'the embedded engine counted in memory and written back within a second). Either way every ' +
        'instance shares them and a restart keeps them.',
    ),
  FORUM_THREAD_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(3)
    .describe(
      'Threads one user may create per window. Only threads actually created count (refused attempts do ' +
        'not, deleting one gives nothing back), in the database, so every instance shares the count.',
    ),
  FORUM_THREAD_RATE_LIMIT_WINDOW: durationSeconds
    .default(600)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the thread limit.'),
  FORUM_POST_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('Replies one user may post per window, counted like threads.'),
  FORUM_POST_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the reply limit.'),
  FORUM_UPLOAD_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      'Forum image uploads per user per window; every request counts, in the shared rate-limit store.',
    ),
  FORUM_UPLOAD_RATE_LIMIT_WINDOW: durationSeconds
    .default(600)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the upload limit.'),
  FORUM_UNCLAIMED_MEDIA_GRACE: durationSeconds
    .default(86_400)
    .describe(
      'How long a forum image uploaded before its thread existed (in the new-thread form) waits for a ' +
        'thread or post of its uploader to show it; unclaimed after that, it is removed.',
    ),
  FORUM_UNCLAIMED_MEDIA_CHECK_INTERVAL: durationSeconds
    .default(3600)
    .describe(
      'How often each instance wakes to remove the unclaimed forum images past their grace period. Only ' +
        "the instance that takes the job's lease in the database sweeps. `0` never wakes.",
    ),
  FORUM_LIKE_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(120)
    .describe('Like toggles per user per window; every request counts, in the shared rate-limit store.'),
  FORUM_LIKE_RATE_LIMIT_WINDOW: durationSeconds
    .default(60)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the like limit.'),
  REVIEW_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(REVIEWS_PER_HOUR)
    .describe('Reviews a user may post per window; every attempt counts, in the shared rate-limit store.'),
  REVIEW_RATE_LIMIT_WINDOW: durationSeconds
    .default(3600)
    .pipe(z.number().min(1, 'must be at least 1 second'))
    .describe('Window of the review limit.'),
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
