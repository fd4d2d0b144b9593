import { link, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|json|txt|webmanifest)$/i;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;
const PARALLEL = 4;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Dot files (the build's manifest and kept details) are for the next build, never served.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of a built site, as a CDN would serve it:
 * the local site server sends them to clients that accept them (sirv's `brotli` and `gzip` options).
 * Hashed assets (few, cached for a year) get the strongest Brotli; pages a faster level, so a rebuild of
 * thousands of pages stays quick.
 */
export interface ReusedCopies {
  /** The previous build's folder. */
  previous: string;
  /** Files (relative paths) whose bytes equal the previous build's: their compressed copies are linked. */
  unchanged: ReadonlySet<string>;
}

/** Links the previous build's `.br` and `.gz` of an unchanged file; false when it has none. */
async function linkPreviousCopies(file: string, previousFile: string): Promise<boolean> {
  try {
    await Promise.all([link(`${previousFile}.br`, `${file}.br`), link(`${previousFile}.gz`, `${file}.gz`)]);
    return true;
  } catch {
    return false;
  }
}

export async function precompressSite(
  dir: string,
  reuse?: ReusedCopies,
): Promise<{ files: number; bytes: number; compressed: number; linked: number }> {
  const queue: string[] = [];
  for await (const file of files(dir)) if (COMPRESSIBLE.test(file)) queue.push(file);
  let count = 0;
  let bytes = 0;
  let compressed = 0;
  let linked = 0;
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if ((await stat(file)).size < MIN_BYTES) continue;
      const name = reuse ? relative(dir, file) : '';
      if (reuse?.unchanged.has(name) && (await linkPreviousCopies(file, join(reuse.previous, name)))) {
        linked += 1;
        continue;
      }
      const content = await readFile(file);
      const quality = /[\\/]_astro[\\/]/.test(file) ? 11 : 9;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      count += 1;
      bytes += content.length;
      compressed += br.length;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { files: count, bytes, compressed, linked };
}
