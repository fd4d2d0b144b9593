import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * What a build leaves beside its output for the next one to compare against: the fingerprint of the code
 * that built it (code-fingerprint.ts) and of each page rendered from data (fingerprint.ts), by path; and
 * which files it linked from the previous output, so that what runs after the build need not find them by
 * comparing every file (scripts/lib/unchanged-files.ts).
 */

export const MANIFEST_FILE = '.build-manifest.json';
const VERSION = 2;

export interface BuildManifest {
  version: typeof VERSION;
  /** The site's code, configuration, dependencies and public settings (code-fingerprint.ts). */
  code: string;
  /** Each data page's fingerprint by its path (`/series/12`). */
  pages: Record<string, string>;
  /** The files this build linked from the previous output it was given ([] in a full build). */
  kept: string[];
}

export function manifest(
  code: string,
  pages: ReadonlyMap<string, string>,
  kept: BuildManifest['kept'],
): BuildManifest {
  return {
    version: VERSION,
    code,
    pages: Object.fromEntries([...pages].sort(([a], [b]) => (a < b ? -1 : 1))),
    kept,
  };
}

function isKept(value: unknown): value is BuildManifest['kept'] {
  return Array.isArray(value) && value.every((file) => typeof file === 'string');
}

/** The manifest of a previous build's output, or why there is none to use. */
export async function readManifest(outputDir: string): Promise<BuildManifest | { problem: string }> {
  let text: string;
  try {
    text = await readFile(join(outputDir, MANIFEST_FILE), 'utf8');
  } catch {
    return { problem: `no ${MANIFEST_FILE} in the previous output` };
  }
  try {
    const parsed = JSON.parse(text) as Partial<BuildManifest>;
    const pagesValid =
      typeof parsed.pages === 'object' &&
      parsed.pages !== null &&
      Object.values(parsed.pages).every((value) => typeof value === 'string');
    if (
      parsed.version !== VERSION ||
      typeof parsed.code !== 'string' ||
      !pagesValid ||
      !isKept(parsed.kept)
    ) {
      return { problem: `the previous ${MANIFEST_FILE} is of another version or damaged` };
    }
    return parsed as BuildManifest;
  } catch {
    return { problem: `the previous ${MANIFEST_FILE} is damaged` };
  }
}

export async function writeManifest(outputDir: string, written: BuildManifest): Promise<void> {
  await writeFile(join(outputDir, MANIFEST_FILE), JSON.stringify(written));
}
