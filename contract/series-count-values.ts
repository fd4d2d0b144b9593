import type { SeriesCountField } from './catalogue-values';

/*
 * How the site names a series' published chapter and volume counts (their limits are in
 * ./catalogue-values.ts). Apart from those values because every page's shared catalogue chunk carries what
 * any island uses of them, and only the series page and the admin's series form show these; re-exported by
 * ./catalogue.ts.
 */

/** The series page's "Chapters 150 · Volumes 12", in this order, and the labels of the admin's fields. */
export const SERIES_COUNT_LABELS: Record<SeriesCountField, string> = {
  chapters: 'Chapters',
  volumes: 'Volumes',
};
/** The hints under the counts in the admin's series form. */
export const SERIES_COUNT_HINTS: Record<SeriesCountField, string> = {
  chapters: 'Chapters published so far',
  volumes: 'Volumes published so far',
};
