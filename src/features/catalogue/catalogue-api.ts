import { api } from '../../lib/api-client';
import type { SearchResult } from '../../../contract/catalogue';
import { rankingsParams, type RankingView } from './ranking-view';
import { RANKING_PAGE_SIZE, type RankedSeries, type SeriesDetail, type TypeFilter } from './catalogue-types';

/** Live catalogue calls of the islands. Type is sent uppercase; ALL sends no type. */

export interface RankingPageQuery {
  page: number;
  type: TypeFilter;
  /** The order and filters. */
  view: RankingView;
}

export function fetchRankingPage({ page, type, view }: RankingPageQuery): Promise<RankedSeries[]> {
  return api<RankedSeries[]>('/series/rankings', {
    query: {
      page,
      page_size: RANKING_PAGE_SIZE,
      ...(type === 'ALL' ? {} : { type }),
      ...rankingsParams(view),
    },
  });
}

/** Up to 50 matches with their true ranks, by relevance, each with the alternative title that matched. */
export function fetchSearchResults(query: string, type: TypeFilter): Promise<SearchResult[]> {
  return api<SearchResult[]>('/series/search', { query: { query, ...(type === 'ALL' ? {} : { type }) } });
}

export function fetchSeriesDetail(id: number): Promise<SeriesDetail> {
  return api<SeriesDetail>(`/series-details/${id}`);
}
