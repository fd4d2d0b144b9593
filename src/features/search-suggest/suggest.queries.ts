import { atom } from 'nanostores';
import { SUGGEST_MAX_RESULTS, SUGGEST_MIN_CHARS } from '../../../contract/catalogue-values';
import type { Suggestion } from '../../../contract/catalogue';
import { api } from '../../lib/api-client';
import { createFetcherStore, queryCache } from '../../lib/query';

/*
 * The header's suggestions (GET /series/suggest), in the site's query cache: one entry per term, so typing
 * back to an earlier term shows its answer at once. Only the newest term's request runs: a new term aborts
 * the one in flight (ofetch passes the signal to fetch), and an aborted term is asked again next time.
 */

const SUGGEST_KEY = 'series/suggest?q=';

/** The term whose suggestions are wanted, or null for none (under SUGGEST_MIN_CHARS characters). */
export const $suggestTerm = atom<string | null>(null);

let inFlight: AbortController | null = null;

function isAbort(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'AbortError' || (error.cause as Error)?.name === 'AbortError')
  );
}

async function fetchSuggestions(term: string): Promise<Suggestion[]> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    return await api<Suggestion[]>('/series/suggest', {
      query: { q: term, limit: SUGGEST_MAX_RESULTS },
      signal: controller.signal,
    });
  } catch (error) {
    // The cache keeps failures too: an abandoned term must not come back as one.
    if (isAbort(error)) setTimeout(() => queryCache.invalidateKeys(`${SUGGEST_KEY}${term}`));
    throw error;
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

export const $suggestions = createFetcherStore<Suggestion[]>([SUGGEST_KEY, $suggestTerm], {
  fetcher: (_path, term) => fetchSuggestions(String(term)),
  revalidateOnFocus: false,
  dedupeTime: 60_000,
});

/** Asks for `term`'s suggestions, or stops asking (and cancels the request in flight) when it is too short. */
export function suggestFor(term: string): void {
  const trimmed = term.trim();
  if ([...trimmed].length < SUGGEST_MIN_CHARS) {
    inFlight?.abort();
    $suggestTerm.set(null);
    return;
  }
  $suggestTerm.set(trimmed);
}

export { isAbort };
