import { FetchError, ofetch, type $Fetch } from 'ofetch';

/*
 * Every read the build makes from the API (the catalogue, the forum, the issue tracker, the covers of the
 * social cards) goes through one client with one timeout and one retry policy, so a slow or briefly
 * unavailable API is treated the same way wherever the build meets it.
 */

/** Where the build reads from: the settings the scripts, the tests and `.env` give it. */
export interface BuildSourceEnv {
  /** The API the build reads; wins over PUBLIC_API_URL, which the browser uses. */
  BUILD_API_URL?: string | undefined;
  PUBLIC_API_URL?: string | undefined;
  /** A catalogue snapshot file to build from instead of the API (catalogue-source.ts). */
  SNAPSHOT_FILE?: string | undefined;
}

export const DEFAULT_API_URL = 'http://localhost:8787';

/** How long one attempt may wait for an answer: the catalogue's bulk pages are the slowest reads. */
export const BUILD_FETCH_TIMEOUT_MS = 30_000;
/** Attempts after the first, for timeouts, lost connections and the statuses below. */
export const BUILD_FETCH_RETRIES = 2;
export const BUILD_FETCH_RETRY_DELAY_MS = 1_000;
/** Answers worth asking again: the API (or a proxy before it) is busy, restarting or overloaded. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
/** Answers that mean the API is not there at all, as a failed connection does. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The API the build reads: BUILD_API_URL, else PUBLIC_API_URL, else the local default. */
export function buildApiUrl(env: BuildSourceEnv): string {
  return (nonBlank(env.BUILD_API_URL) ?? nonBlank(env.PUBLIC_API_URL) ?? DEFAULT_API_URL).replace(/\/+$/, '');
}

export interface BuildFetchPolicy {
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
}

export const BUILD_FETCH_POLICY: BuildFetchPolicy = {
  timeoutMs: BUILD_FETCH_TIMEOUT_MS,
  retries: BUILD_FETCH_RETRIES,
  retryDelayMs: BUILD_FETCH_RETRY_DELAY_MS,
};

/** A client with the given policy; the build uses `buildFetch`, tests pass shorter times. */
export function createBuildFetch(policy: BuildFetchPolicy = BUILD_FETCH_POLICY): $Fetch {
  return ofetch.create({
    timeout: policy.timeoutMs,
    retry: policy.retries,
    retryDelay: policy.retryDelayMs,
    retryStatusCodes: RETRY_STATUSES,
    headers: { accept: 'application/json' },
    onRequest({ options }) {
      // ofetch hands a retry the signal of the attempt before it, already aborted when that attempt timed
      // out, so the retry would fail at once (unjs/ofetch#621): each attempt gets its own timeout instead.
      if (options.signal?.aborted) options.signal = undefined;
    },
  });
}

/** The build's client: JSON by default; `buildFetch.raw` for the headers, `responseType` for bytes. */
export const buildFetch = createBuildFetch();

/** The API could not be reached at all (no connection, a timeout, a 502/503/504), as opposed to answering. */
export function isApiUnreachable(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false;
  return error.response === undefined || UNREACHABLE_STATUSES.has(error.response.status);
}

/** The status the API answered a failed read with; undefined when it did not answer. */
export function answeredStatus(error: unknown): number | undefined {
  return error instanceof FetchError ? error.response?.status : undefined;
}
