import { usePagedQuery, type PagedState } from '../../lib/paged-query';
import { useQuery, type QueryState } from '../../lib/use-query';
import { listQuery, rankingPageKey, rankingPages, searchKey, searchResults } from './catalogue-queries';
import type { RankedSeries, TypeFilter } from './catalogue-types';
import { listPhase, type ListFlow, type ListPhase } from './ranking-list-flow';

export interface RankingReads {
  /** The ranked pages read since the build's page (or since page 1 of a genre chosen). */
  ranked: PagedState<RankedSeries[]>;
  /** A search's results. */
  results: QueryState<RankedSeries[]>;
  /** The read the list shows: its error is the list's, and its retry asks again. */
  live: { error: unknown; retry(): void };
  phase: ListPhase;
  /** The answers shown, by cache key, for a list coming back to answer from. */
  answers(): [string, unknown][];
}

/**
 * What a ranked list reads through the query cache (catalogue-queries.ts): the ranked pages of its genre
 * from the page after the build's (from page 1 for a genre chosen), or a search's results. Nothing is
 * read before hydration.
 */
export function useRankingReads(
  type: TypeFilter,
  /** The last page the pre-rendered list shows (its own, or one its scroll script appended). */
  initialPage: number,
  { source, resume }: ListFlow,
  hydrated: boolean,
): RankingReads {
  const ranking = source.mode === 'ranked' ? listQuery(type, source.view) : null;
  const fromBuild = source.mode === 'ranked' && !source.fresh;
  const firstPage = fromBuild ? initialPage + 1 : 1;
  const ranked = usePagedQuery(
    rankingPages,
    hydrated ? ranking : null,
    fromBuild ? { firstPage, askFirst: false, resume } : { resume },
  );
  const search = source.mode === 'search' ? listQuery(type, source.query) : null;
  const results = useQuery(hydrated && search !== null ? searchResults(search) : null);
  return {
    ranked,
    results,
    live: source.mode === 'search' ? results : ranked,
    phase: listPhase(source, ranked, results),
    answers: () =>
      ranking !== null
        ? ranked.pages.map((items, index) => [rankingPageKey(ranking, firstPage + index), items])
        : search !== null && results.data
          ? [[searchKey(search), results.data]]
          : [],
  };
}
