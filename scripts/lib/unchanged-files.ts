import { link, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { keptFiles, readManifest } from '../../src/features/incremental-build/build-manifest';

/*
 * A rebuild renders every page again, but most come out byte for byte as before. Each such file of the new
 * build is replaced by a hard link to the previous build's file: it keeps the previous file's inode and
 * mtime (nothing that syncs or uploads by mtime sees it change), takes no space of its own, and its
 * precompressed copies can be linked too instead of compressed again (precompress.ts).
 */

async function* files(dir: string, prefix = ''): AsyncGenerator<string> {
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* files(dir, path);
    else if (entry.isFile()) yield path;
  }
}

async function sameBytes(a: string, b: string): Promise<boolean | 'same-file'> {
  const [sa, sb] = await Promise.all([stat(a).catch(() => undefined), stat(b)]);
  if (!sa?.isFile() || sa.size !== sb.size) return false;
  if (sa.ino === sb.ino && sa.dev === sb.dev) return 'same-file';
  const [ba, bb] = await Promise.all([readFile(a), readFile(b)]);
  return ba.equals(bb);
}

export interface LinkedFiles {
  /** Files of the new build now linked to the previous build's (relative paths). */
  unchanged: Set<string>;
  linked: number;
}

/**
 * The files an incremental build of `next` linked from its previous output, as the two manifests tell: they
 * need no comparing (two `stat`s for each of 136,000 files cost a 100,000-series rebuild 7-9 s on a slow
 * machine). Trusted only when their first and last are `previous`'s own files, i.e. `next` was built against
 * `previous`.
 */
async function keptByTheBuild(previous: string, next: string): Promise<ReadonlySet<string>> {
  const [before, after] = await Promise.all([readManifest(previous), readManifest(next)]);
  if ('problem' in before || 'problem' in after) return new Set();
  const kept = keptFiles(before, after);
  if (kept.length === 0) return new Set();
  const samples = [kept[0]!, kept.at(-1)!];
  const checked = await Promise.all(samples.map((file) => sameBytes(join(previous, file), join(next, file))));
  return checked.every((same) => same === 'same-file') ? new Set(kept) : new Set();
}

/** Links every file of `next` whose bytes equal the same path in `previous` to that file. */
export async function linkUnchangedFiles(previous: string, next: string, parallel = 8): Promise<LinkedFiles> {
  const unchanged = new Set<string>();
  const kept = await keptByTheBuild(previous, next);
  const queue: string[] = [];
  for await (const file of files(next)) {
    if (kept.has(file)) unchanged.add(file);
    else queue.push(file);
  }
  let index = 0;
  const worker = async () => {
    while (index < queue.length) {
      const file = queue[index++]!;
      const from = join(previous, file);
      const to = join(next, file);
      const same = await sameBytes(from, to);
      if (!same) continue;
      // Kept from the previous build by an incremental build: already its file.
      if (same === 'same-file') {
        unchanged.add(file);
        continue;
      }
      // Linked beside the new file, then renamed over it: the path always holds one complete file.
      const temporary = `${to}.link-${process.pid}`;
      await link(from, temporary);
      await rename(temporary, to);
      unchanged.add(file);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { unchanged, linked: unchanged.size };
}
