/**
 * The generated part of docs/configuration.md (`npm run docs:config`), from the API's configuration
 * schema (api/config.ts: each field's description, default and accepted values) and from the lists of the
 * site's, the local runner's and Netlify's variables (settings-outside-the-api.ts).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { configSchema, durationSeconds } from '../../api/config';
import { projectRoot } from '../lib/processes';
import { formatMarkdown, markdownTable, readDocument, replaceGeneratedPart } from './markdown';
import {
  localRunnerSettings,
  netlifySettings,
  siteBuildSettings,
  type EnvSetting,
} from './settings-outside-the-api';

export const CONFIGURATION_DOC = 'docs/configuration.md';
const COMMAND = 'npm run docs:config';

type ApiSetting = keyof typeof configSchema.shape;

/** The API's sections, in order; every variable of the schema belongs to exactly one. */
export const apiSections: { title: string; settings: ApiSetting[] }[] = [
  {
    title: 'Server',
    settings: [
      'NODE_ENV',
      'HOST',
      'PORT',
      'DATA_DIR',
      'SITE_URL',
      'PUBLIC_API_URL',
      'CORS_ORIGINS',
      'TRUST_PROXY',
      'LOG_LEVEL',
      'REQUEST_TIMEOUT',
      'IDLE_TIMEOUT',
    ],
  },
  { title: 'Database', settings: ['DATABASE_URL', 'DATABASE_POOL_SIZE', 'EMBEDDED_SHARED_BUFFERS'] },
  {
    title: 'Rankings and caches',
    settings: [
      'RANKING_MIN_VOTERS',
      'RANKING_PRIOR_VOTES',
      'RANKING_PRIOR_REFRESH',
      'ALSO_LIKED_REFRESH',
      'VOTE_ANOMALY_MIN_VOTES',
      'CACHE_TTL_MS',
      'CACHE_PATCH_INTERVAL_MS',
      'AUTH_USER_CACHE_MS',
    ],
  },
  {
    title: 'Accounts and e-mail',
    settings: [
      'JWT_SECRET',
      'ACCESS_TOKEN_TTL',
      'EMAIL_TOKEN_TTL',
      'SIGNUP_EMAIL_DOMAINS',
      'SMTP_URL',
      'MAIL_FROM',
      'DIGEST_CHECK_INTERVAL',
      'RETENTION_CHECK_INTERVAL',
      'CAPTCHA_PROVIDER',
      'ALTCHA_HMAC_KEY',
      'TURNSTILE_SITE_KEY',
      'TURNSTILE_SECRET_KEY',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_JWKS_URL',
      'GOOGLE_ISSUERS',
    ],
  },
  {
    title: 'Rate limits',
    settings: [
      'REDIS_URL',
      'AUTH_RATE_LIMIT_MAX',
      'AUTH_RATE_LIMIT_ACCOUNT_MAX',
      'AUTH_RATE_LIMIT_WINDOW',
      'VOTE_RATE_LIMIT_MAX',
      'VOTE_RATE_LIMIT_WINDOW',
      'ADMIN_RATE_LIMIT_MAX',
      'ADMIN_RATE_LIMIT_WINDOW',
      'WRITE_RATE_LIMIT_MAX',
      'WRITE_RATE_LIMIT_WINDOW',
      'ISSUE_REPORT_RATE_LIMIT_MAX',
      'ISSUE_REPORT_RATE_LIMIT_WINDOW',
      'FORUM_THREAD_RATE_LIMIT_MAX',
      'FORUM_THREAD_RATE_LIMIT_WINDOW',
      'FORUM_POST_RATE_LIMIT_MAX',
      'FORUM_POST_RATE_LIMIT_WINDOW',
      'FORUM_UPLOAD_RATE_LIMIT_MAX',
      'FORUM_UPLOAD_RATE_LIMIT_WINDOW',
      'FORUM_LIKE_RATE_LIMIT_MAX',
      'FORUM_LIKE_RATE_LIMIT_WINDOW',
      'REVIEW_RATE_LIMIT_MAX',
      'REVIEW_RATE_LIMIT_WINDOW',
    ],
  },
  {
    title: 'Media',
    settings: [
      'MEDIA_STORE',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'S3_PUBLIC_URL',
      'MEDIA_DELETE_GRACE',
      'MEDIA_SWEEP_INTERVAL',
      'FORUM_UNCLAIMED_MEDIA_GRACE',
      'FORUM_UNCLAIMED_MEDIA_CHECK_INTERVAL',
    ],
  },
  { title: 'Reading lists', settings: ['READING_LIST_MAX_ITEMS'] },
  {
    title: 'Apps (OAuth and the library API)',
    settings: [
      'OAUTH_ACCESS_TOKEN_TTL',
      'OAUTH_REFRESH_TOKEN_TTL',
      'V1_RATE_LIMIT_MAX',
      'V1_RATE_LIMIT_WINDOW',
    ],
  },
  {
    title: 'Notifications',
    settings: [
      'NOTIFICATION_STREAMS_PER_USER',
      'NOTIFICATION_STREAMS_PER_INSTANCE',
      'NOTIFICATION_HEARTBEAT_MS',
    ],
  },
];

/** What one field of the schema says about itself. */
export interface DescribedSetting {
  name: string;
  description: string | undefined;
  /** The default as it would be written in the environment; undefined: unset. */
  default: string | undefined;
  accepts: string;
}

/** Reads a field of the schema: its description, default (made from the parsed value) and accepted input. */
export function describeSetting(name: ApiSetting): DescribedSetting {
  const field = configSchema.shape[name] as z.ZodType;
  let schema: z.ZodType = field;
  let defaultValue: unknown;
  let isDuration = false;
  // The input side of the field: pipes validate their input first, defaults and optionals wrap it.
  for (;;) {
    if (schema === durationSeconds) isDuration = true;
    if (schema instanceof z.ZodPipe && schema !== durationSeconds) schema = schema.in as z.ZodType;
    else if (schema instanceof z.ZodDefault) {
      defaultValue = schema.def.defaultValue;
      schema = schema.unwrap() as z.ZodType;
    } else if (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
    else break;
  }
  return {
    name,
    description: field.description,
    default: defaultText(defaultValue, isDuration),
    accepts: isDuration ? 'duration' : acceptedInput(schema),
  };
}

function defaultText(value: unknown, isDuration: boolean): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.join(',');
  if (isDuration && typeof value === 'number') return durationText(value);
  return String(value);
}

/** Seconds in the largest unit that divides them: 86400 → 1d, 600 → 10m, 65 → 65s. */
export function durationText(seconds: number): string {
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (seconds > 0 && seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}

const BOOLEAN_WORDS = ['0', '1', 'false', 'no', 'true', 'yes'];

function acceptedInput(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    type?: string;
    enum?: unknown[];
    minimum?: number;
    maximum?: number;
    minLength?: number;
    format?: string;
  };
  if (json.enum) {
    const values = json.enum.map(String);
    if ([...values].sort().join() === BOOLEAN_WORDS.join()) return 'boolean';
    return values.map((value) => `\`${value}\``).join(', ');
  }
  if (json.type === 'integer' || json.type === 'number') {
    const max =
      json.maximum !== undefined && json.maximum < Number.MAX_SAFE_INTEGER ? json.maximum : undefined;
    if (json.minimum !== undefined && max !== undefined) return `integer ${json.minimum}–${max}`;
    if (json.minimum !== undefined) return `integer ≥ ${json.minimum}`;
    return 'integer';
  }
  if (json.format === 'uri') return 'URL';
  if (json.minLength !== undefined && json.minLength > 1) return `text, ≥ ${json.minLength} characters`;
  return 'text';
}

const FORMATS_TEXT =
  'A **duration** is whole seconds (`90`) or a number with a unit: `90s`, `15m`, `1h`, `7d`. A **boolean** ' +
  'is `true`/`false`, `1`/`0` or `yes`/`no`. An empty variable counts as unset.';

/** Defaults longer than this are listed under their table instead of in it. */
const LONG_DEFAULT = 60;

function apiSection(title: string, settings: ApiSetting[]): string {
  const described = settings.map(describeSetting);
  const long = described.filter((setting) => (setting.default?.length ?? 0) > LONG_DEFAULT);
  const rows = described.map((setting) => [
    `\`${setting.name}\``,
    setting.default === undefined ? 'unset' : long.includes(setting) ? 'see below' : `\`${setting.default}\``,
    setting.accepts,
    setting.description ?? '',
  ]);
  const footnotes = long.map(
    (setting) =>
      `Default of \`${setting.name}\`: ${setting
        .default!.split(',')
        .map((entry) => `\`${entry}\``)
        .join(', ')}.`,
  );
  return [
    `### ${title}`,
    markdownTable(['Variable', 'Default', 'Accepts', 'Meaning'], rows),
    ...footnotes,
  ].join('\n\n');
}

function otherSection(title: string, introduction: string, settings: EnvSetting[]): string {
  const rows = settings.map((setting) => [
    `\`${setting.name}\``,
    setting.default !== undefined ? `\`${setting.default}\`` : `unset: ${setting.unset ?? 'nothing'}`,
    setting.description,
    setting.readBy.map((file) => `\`${file}\``).join(', '),
  ]);
  return [
    `### ${title}`,
    introduction,
    markdownTable(['Variable', 'Default', 'Meaning', 'Read by'], rows),
  ].join('\n\n');
}

/** The generated part: the API's variables by section, then the site's, the local runner's and Netlify's. */
export function renderConfigurationSections(): string {
  const missing = Object.keys(configSchema.shape).filter(
    (name) => !apiSections.some((section) => section.settings.includes(name as ApiSetting)),
  );
  if (missing.length > 0) {
    throw new Error(`scripts/docs/configuration.ts: put ${missing.join(', ')} in one of apiSections`);
  }
  const undescribed = Object.keys(configSchema.shape).filter(
    (name) => !describeSetting(name as ApiSetting).description,
  );
  if (undescribed.length > 0) {
    throw new Error(`api/config.ts: describe ${undescribed.join(', ')} (.describe('…'))`);
  }
  return [
    '## API',
    'Read and checked by `api/config.ts` when the API starts; every bad value is named at once. ' +
      FORMATS_TEXT,
    ...apiSections.map((section) => apiSection(section.title, section.settings)),
    '## Outside the API',
    otherSection(
      'Site (build time)',
      'Read by `npm run build` (Astro) and the pages it renders. `PUBLIC_*` values are inlined into the ' +
        'browser scripts.',
      siteBuildSettings,
    ),
    otherSection(
      'Local runner and tests',
      'Read by `npm start`, `npm run dev`, `npm run rebuild`, the admin CLI and the test runners.',
      localRunnerSettings,
    ),
    otherSection('Netlify', "Set in the Netlify site's environment.", netlifySettings),
  ].join('\n\n');
}

/** docs/configuration.md as it should be: the hand-written parts kept, the generated part made anew. */
export async function configurationDocument(): Promise<string> {
  const current = readDocument(CONFIGURATION_DOC);
  const updated = replaceGeneratedPart(current, 'configuration', COMMAND, renderConfigurationSections());
  return formatMarkdown(updated, join(projectRoot, CONFIGURATION_DOC));
}
