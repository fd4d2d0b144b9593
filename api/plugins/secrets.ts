import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * The configured secret, or outside production one generated once and kept in DATA_DIR/<fileName> (mode 0600),
 * so tokens and challenges survive restarts of a local install. With an in-memory database nothing outlives
 * the process, so neither does the secret. Production refuses to start without the variable (see config.ts).
 */
export function resolveSecret(config: Config, configured: string | undefined, fileName: string): string {
  if (configured) return configured;
  if (config.NODE_ENV === 'production') {
    throw new Error(`${fileName} must be configured in production`);
  }
  if (config.database.kind === 'memory') return randomSecret();

  const path = join(config.dataDir, fileName);
  const existing = readSecretFile(path);
  if (existing) return existing;
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when another process created the file first; then its secret wins.
    writeFileSync(path, `${randomSecret()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(path, 0o600);
  const created = readSecretFile(path);
  if (!created) throw new Error(`${path} is empty; delete it to generate a new secret`);
  return created;
}

function readSecretFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}
