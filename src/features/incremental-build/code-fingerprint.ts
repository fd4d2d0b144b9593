import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/*
 * Everything besides a page's data that shapes the pages: the site's sources, its public files, the
 * contract it shares with the API, its configuration and locked dependencies, the settings it reads at
 * build time (PUBLIC_*, SITE_URL), Node's version, and the year (the footer shows it). Any change to
 * these makes the next build a full one.
 */

const SOURCE_FOLDERS = ['src', 'public', 'contract'];
const SOURCE_FILES = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Settings the build reads that change its output (the data sources it reads from do not). */
export function outputSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = Object.keys(env)
    .filter((name) => name.startsWith('PUBLIC_') || name === 'SITE_URL' || name === 'NODE_ENV')
    .sort();
  return Object.fromEntries(names.map((name) => [name, env[name] ?? '']));
}

export async function codeFingerprint(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  const files = [
    ...(await Promise.all(SOURCE_FOLDERS.map((folder) => filesUnder(root, folder)))).flat(),
    ...SOURCE_FILES,
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const bytes = await readFile(join(root, file)).catch(() => undefined);
    hash.update(
      `${file}\u0000${bytes === undefined ? 'missing' : createHash('sha256').update(bytes).digest('hex')}\n`,
    );
  }
  hash.update(
    JSON.stringify({ settings: outputSettings(env), node: process.version, year: new Date().getFullYear() }),
  );
  return hash.digest('base64url');
}
