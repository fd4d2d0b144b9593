import { openSync, closeSync } from 'node:fs';
import { durationSeconds } from '../../api/config';
import { buildSite, RebuildBusyError, type BuiltSite } from './site-builds';

/** What a local rebuild needs: where the site is served from and which API it reads. */
export interface RebuildTarget {
  distPath: string;
  siteUrl: string;
  /** The API as browsers reach it (PUBLIC_API_URL). */
  publicApiUrl: string;
  /** The API as the build reaches it. */
  buildApiUrl: string;
  /** Build output goes here (appended) instead of this process's terminal. */
  logFile?: string;
}

export const DEFAULT_REBUILD_INTERVAL = '15m';

/** REBUILD_INTERVAL in ms: seconds or a number with a unit (`15m`, `1h`); `0` turns the schedule off. */
export function rebuildIntervalMs(value: string | undefined): number {
  const parsed = durationSeconds.safeParse(value?.trim() ? value : DEFAULT_REBUILD_INTERVAL);
  if (!parsed.success) {
    throw new Error(`REBUILD_INTERVAL=${JSON.stringify(value)}: ${parsed.error.issues[0]?.message}`);
  }
  return parsed.data * 1000;
}

/** Builds the site against the running API into a new folder and swaps it in (site-builds.ts). */
export async function rebuildSite(target: RebuildTarget, stamp?: string): Promise<BuiltSite> {
  const log = target.logFile ? openSync(target.logFile, 'a') : undefined;
  try {
    return await buildSite({
      distPath: target.distPath,
      env: {
        ...process.env,
        // A production build, as deployed, whatever the caller's NODE_ENV.
        NODE_ENV: 'production',
        SITE_URL: target.siteUrl,
        PUBLIC_API_URL: target.publicApiUrl,
        BUILD_API_URL: target.buildApiUrl,
        // Always the live API: a rebuild from a stale snapshot would be no rebuild.
        SNAPSHOT_FILE: '',
      },
      ...(stamp !== undefined ? { stamp } : {}),
      ...(log !== undefined ? { stdio: ['ignore', log, log] as const } : {}),
    });
  } catch (error) {
    if (target.logFile && !(error instanceof RebuildBusyError)) {
      throw new Error(`${(error as Error).message} (build output in ${target.logFile})`, { cause: error });
    }
    throw error;
  } finally {
    if (log !== undefined) closeSync(log);
  }
}

const clock = (date: Date) => date.toTimeString().slice(0, 8);

/**
 * Rebuilds every `intervalMs` (counted from the end of the previous run, so runs never overlap) and prints
 * when each ran and how long it took. Returns a function that stops the schedule.
 */
export function scheduleRebuilds(
  intervalMs: number,
  target: RebuildTarget,
  print: (line: string) => void = console.log,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const runOnce = async () => {
    const startedAt = new Date();
    try {
      const { seconds } = await rebuildSite(target);
      print(`[${clock(startedAt)}] Rebuilt the site in ${seconds.toFixed(1)} s`);
    } catch (error) {
      const seconds = ((Date.now() - startedAt.getTime()) / 1000).toFixed(1);
      const what = error instanceof RebuildBusyError ? 'skipped' : `failed after ${seconds} s`;
      print(
        `[${clock(startedAt)}] Rebuild ${what}: ${(error as Error).message}; still serving the previous build`,
      );
    }
    if (!stopped) timer = setTimeout(() => void runOnce(), intervalMs);
  };
  timer = setTimeout(() => void runOnce(), intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
