import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outputFile } from './changed-pages';

/*
 * What a build leaves beside its output for the next one to compare against: the fingerprint of the code
 * that built it (code-fingerprint.ts) and of each page rendered from data (fingerprint.ts), by path; and
 * which files it linked from the previous output, so that what runs after the build need not find them by
 * comparing every file (scripts/lib/unchanged-files.ts).
 */

export const MANIFEST_FILE = '.build-manifest.json';
const VERSION = 3;

export interface BuildManifest {
  version: typeof VERSION;
  /** The site's code, configuration, dependencies and public settings (code-fingerprint.ts). */
  code: string;
  /** Each data page's fingerprint by its path (`/series/12`). */
  pages: Record<string, string>;
  /** Pages whose inputs were the previous build's but whose file that output had lost ([] in a full build). */
  restored: string[];
}

export function manifest(
  code: string,
  pages: ReadonlyMap<string, string>,
  restored: BuildManifest['restored'],
): BuildManifest {
  return {
    version: VERSION,
    code,
    pages: Object.fromEntries([...pages].sort(([a], [b]) => (a < b ? -1 : 1))),
    restored: [...restored].sort(),
  };
}

/**
 * The output files a build (`next`) linked from the previous output, given that output's manifest: its data
 * pages of the same code whose fingerprints are the previous build's, less those it rendered again. Only
 * true when `next` was built against that output; the caller checks it (scripts/lib/unchanged-files.ts).
 */
export function keptFiles(previous: BuildManifest, next: BuildManifest): string[] {
  if (previous.code !== next.code) return [];
  const restored = new Set(next.restored);
  return Object.entries(next.pages)
    .filter(([path, print]) => previous.pages[path] === print && !restored.has(path))
    .map(([path]) => outputFile(path));
}

function isPathList(value: unknown): value is string[] {
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
      !isPathList(parsed.restored)
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
