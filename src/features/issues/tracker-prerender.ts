import {
  ISSUES_PAGE_SIZE,
  issueCountsSchema,
  issueListSchema,
  type Issue,
  type IssueCounts,
} from '../../../contract/issues';
import { buildApiUrl, buildFetch, type BuildSourceEnv } from '../../lib/build-fetch';

/** The tracker's first page as the build shows it to crawlers and visitors without JavaScript. */
export interface PrerenderedTracker {
  issues: Issue[];
  total: number;
  counts: IssueCounts;
}

/**
 * Reads the first page and the counters from the API the build uses. The tracker is live in the browser
 * anyway, so a build without the API (a snapshot build) still succeeds: it gets null, and a warning.
 */
export async function loadPrerenderedTracker(
  env: BuildSourceEnv,
  warn: (message: string) => void = console.warn,
): Promise<PrerenderedTracker | null> {
  const apiUrl = buildApiUrl(env);
  try {
    const [list, counts] = await Promise.all([
      buildFetch.raw('/issues', { baseURL: apiUrl, query: { page: 1, page_size: ISSUES_PAGE_SIZE } }),
      buildFetch('/issues/counts', { baseURL: apiUrl }),
    ]);
    return {
      issues: issueListSchema.parse(list._data),
      total: Number(list.headers.get('x-total-count') ?? 0),
      counts: issueCountsSchema.parse(counts),
    };
  } catch (error) {
    warn(
      `[issues] The tracker's first page is not pre-rendered: ${(error as Error).message} (API ${apiUrl}). ` +
        'Browsers load it live.',
    );
    return null;
  }
}
