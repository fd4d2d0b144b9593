import { api } from '../../lib/api-client';
import type { SeriesDetail } from '../catalogue/catalogue-types';
import type { CategoryLabel } from '../series/series-categories';

/** Casts one vote (a form call, as the contract has it); answers the updated detail with the caller's scores. */
export function castVote(seriesId: number, category: CategoryLabel, score: number): Promise<SeriesDetail> {
  return api<SeriesDetail>(`/series-details/${seriesId}/vote`, {
    method: 'POST',
    body: new URLSearchParams({ category, score: String(score) }),
  });
}
