import { api } from '../../lib/api-client';
import type { RankedSeries, SeriesDetail } from '../catalogue/catalogue-types';

/** Admin calls of the catalogue; the API checks the admin role itself on every one. */

export function createSeries(form: FormData): Promise<RankedSeries> {
  return api<RankedSeries>('/series/', { method: 'POST', body: form });
}

export function updateSeries(id: number, form: FormData): Promise<RankedSeries> {
  return api<RankedSeries>(`/series/${id}`, { method: 'PUT', body: form });
}

export async function deleteSeries(id: number): Promise<void> {
  await api(`/series/${id}`, { method: 'DELETE' });
}

export function saveSeriesDetail(form: FormData): Promise<SeriesDetail> {
  return api<SeriesDetail>('/series-details/', { method: 'POST', body: form });
}
