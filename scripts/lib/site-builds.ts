import { closeSync, openSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import type { SpawnOptions } from 'node:child_process';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { isAlive } from '../../api/db/embedded-lock';
import { precompressSite } from './precompress';
import { linkUnchangedFiles } from './unchanged-files';
import { astroEnv, bin, run } from './processes';

/*
 * Local site builds that never disturb visitors. The served path (`dist` by default, SITE_DIST) is a
 * symbolic link to one finished build in `<dist>.builds/`. A rebuild writes a new folder there, links every
 * file that came out byte for byte as before to the previous build's (unchanged-files.ts: unchanged pages
 * keep their inode and mtime and are not compressed again), compresses the rest, and then replaces the link
 * in one rename, which is atomic: a request sees the old build or the new
 * one, never a half-written one. The site server resolves the link per request (site-server.ts). The
 * previous build is kept (requests still streaming from it finish), older ones are removed.
 */

export const BUILD_STAMP_FILE = '.build-stamp';

export function buildsDirFor(distPath: string): string {
  return `${resolve(distPath)}.builds`;
}

export class RebuildBusyError extends Error {
  override name = 'RebuildBusyError';
}

/** One build at a time per site folder, across processes (`npm start`'s schedule and `npm run rebuild`). */
async function takeLock(buildsDir: string): Promise<() => Promise<void>> {
  const lockFile = join(buildsDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (holder && isAlive(holder)) {
        throw new RebuildBusyError(`a site build is already running (process ${holder})`);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new RebuildBusyError('could not take the site build lock');
}

/**
 * Makes `distPath` a link to `folder` in one atomic rename. A `dist` left as a plain folder by an older
 * version (or by `npm run build`) is moved into the builds folder first; do that before serving (see
 * adoptPlainDist), as it leaves a moment with no site.
 */
export async function activateBuild(distPath: string, folder: string): Promise<void> {
  const target = relative(dirname(resolve(distPath)), resolve(folder));
  const temporary = `${resolve(distPath)}.swap-${process.pid}`;
  await rm(temporary, { force: true });
  await symlink(target, temporary, 'dir');
  await rename(temporary, distPath);
}

/** A plain `dist` folder becomes the first build of the builds folder, linked from `dist`. */
export async function adoptPlainDist(distPath: string): Promise<void> {
  const stats = await lstat(distPath).catch(() => undefined);
  if (!stats || stats.isSymbolicLink() || !stats.isDirectory()) return;
  const buildsDir = buildsDirFor(distPath);
  await mkdir(buildsDir, { recursive: true });
  const folder = join(buildsDir, `build-adopted-${Date.now()}`);
  await rename(distPath, folder);
  await activateBuild(distPath, folder);
}

/** The build folder `distPath` links to, if it is a link. */
export async function currentBuild(distPath: string): Promise<string | undefined> {
  const link = await readlink(distPath).catch(() => undefined);
  return link === undefined ? undefined : resolve(dirname(resolve(distPath)), link);
}

/** Removes every build but the current and the previous one (and half-written ones of failed builds). */
async function pruneBuilds(buildsDir: string, keep: readonly string[]): Promise<void> {
  const kept = new Set(keep.map((folder) => basename(folder)));
  for (const name of await readdir(buildsDir)) {
    if (name.startsWith('.') || kept.has(name)) continue;
    await rm(join(buildsDir, name), { recursive: true, force: true });
  }
}

export interface BuildSiteOptions {
  /** The served path: a link to the current build. */
  distPath: string;
  /** The build's environment: SITE_URL, PUBLIC_API_URL, BUILD_API_URL, ... */
  env: NodeJS.ProcessEnv;
  /** Written to the build's `.build-stamp` (npm start skips a build when it has not changed). */
  stamp?: string;
  stdio?: SpawnOptions['stdio'];
}

export interface BuiltSite {
  folder: string;
  seconds: number;
}

/** Builds the site into a new folder, compresses it, swaps it in, and prunes old builds. */
export async function buildSite({ distPath, env, stamp, stdio }: BuildSiteOptions): Promise<BuiltSite> {
  const startedAt = Date.now();
  const buildsDir = buildsDirFor(distPath);
  await mkdir(buildsDir, { recursive: true });
  const release = await takeLock(buildsDir);
  const folder = join(buildsDir, `build-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  try {
    const previous = await currentBuild(distPath);
    // Only the pages whose inputs changed are rendered; the rest are linked from the previous build
    // (src/features/incremental-build).
    await run(bin('astro'), ['build'], {
      env: { ...astroEnv(env), SITE_DIST: folder, ...(previous ? { PREVIOUS_SITE_DIST: previous } : {}) },
      ...(stdio ? { stdio } : {}),
    });
    // Files that came out as before stay the previous build's (same inode and mtime), compressed copies too.
    const unchanged = previous ? (await linkUnchangedFiles(previous, folder)).unchanged : undefined;
    await precompressSite(folder, previous && unchanged ? { previous, unchanged } : undefined);
    if (stamp !== undefined) await writeFile(join(folder, BUILD_STAMP_FILE), stamp);
    await adoptPlainDist(distPath);
    await activateBuild(distPath, folder);
    await pruneBuilds(buildsDir, [folder, ...(previous ? [previous] : [])]);
    return { folder, seconds: (Date.now() - startedAt) / 1000 };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  } finally {
    await release();
  }
}
