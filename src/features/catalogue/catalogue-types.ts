import type { RankedSeries, SeriesDetail, SeriesType } from '../../../contract/catalogue';
import type { RankBand } from './prerendered-values';

export { RANKING_PAGE_SIZE, SERIES_STATUSES, type SeriesStatus } from '../../../contract/catalogue-values';
export type { CoverVariant, RankedSeries, SeriesDetail } from '../../../contract/catalogue';
export type { SeriesType, TypeFilter } from '../navigation/series-types';

/** Everything a series page needs: the list entry (overall rank, card cover) and the detail. */
export interface SeriesPageData {
  series: RankedSeries & RankBand;
  detail: SeriesDetail & RankBand;
}

/** The ranking lists that are pre-rendered: ALL for the home page, one per type for the type pages. */
export type RankingKey = 'ALL' | SeriesType;

/** One place in a ranked list: the series and its rank in that list (within the type on type lists). */
export interface RankingPlace {
  id: number;
  rank: number | null;
}
