import { resolve } from 'node:path';
import { z } from 'zod';

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
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolean.default(false),
  RANKING_MIN_VOTERS: z.coerce.number().int().min(1).default(1),
  /** How long another instance's change can take to show in this instance's cached reads. */
  CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
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
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '');
        return `${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const raw = parsed.data;
  const dataDir = resolve(raw.DATA_DIR);
  return {
    ...raw,
    dataDir,
    publicApiUrl: raw.PUBLIC_API_URL ?? `http://${displayHost(raw.HOST)}:${raw.PORT}`,
    database: databaseTarget(raw.DATABASE_URL, dataDir),
    corsOrigins: [
      raw.SITE_URL,
      ...raw.CORS_ORIGINS.split(',').map((o) => o.trim().replace(/\/+$/, '')),
    ].filter(Boolean),
  };
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host;
}
