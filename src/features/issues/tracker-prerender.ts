import {
  ISSUES_PAGE_SIZE,
  issueCountsSchema,
  issueListSchema,
  type Issue,
  type IssueCounts,
} from '../../../contract/issues';
import { catalogueApiUrl, type CatalogueEnv } from '../catalogue/catalogue-source';

/** The tracker's first page as the build shows it to crawlers and visitors without JavaScript. */
export interface PrerenderedTracker {
  issues: Issue[];
  total: number;
  counts: IssueCounts;
}

const TIMEOUT_MS = 15_000;

/**
 * Reads the first page and the counters from the API the build uses. The tracker is live in the browser
 * anyway, so a build without the API (a snapshot build) still succeeds: it gets null, and a warning.
 */
export async function loadPrerenderedTracker(
  env: CatalogueEnv,
  warn: (message: string) => void = console.warn,
): Promise<PrerenderedTracker | null> {
  const apiUrl = catalogueApiUrl(env);
  try {
    const get = async (path: string) => {
      const response = await fetch(`${apiUrl}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return response;
    };
    const [list, counts] = await Promise.all([
      get(`/issues?page=1&page_size=${ISSUES_PAGE_SIZE}`),
      get('/issues/counts'),
    ]);
    return {
      issues: issueListSchema.parse(await list.json()),
      total: Number(list.headers.get('x-total-count') ?? 0),
      counts: issueCountsSchema.parse(await counts.json()),
    };
  } catch (error) {
    warn(
      `[issues] The tracker's first page is not pre-rendered: ${(error as Error).message} (API ${apiUrl}). ` +
        'Browsers load it live.',
    );
    return null;
  }
}
