import type { BuildCatalogue } from './catalogue-schema';
import type { SeriesPageData } from './catalogue-types';

/*
 * The build's catalogue without what only the series pages read. The list pages, their getStaticPaths and
 * the info pages read each series' card fields, its vote count (the most popular order: browse-lists.ts) and
 * the orders, never the rest of its detail, its reviews nor its "Readers also liked". The build's render
 * workers are given this form (src/features/render-workers): a third of the memory at 100,000 series.
 */

/** The one page route that reads the series' details, reviews and "Readers also liked". */
export const SERIES_PAGE_ROUTE = 'src/pages/series/[id].astro';

/** The catalogue every page but the series pages renders from. */
export function catalogueWithoutDetails(snapshot: BuildCatalogue): BuildCatalogue {
  return {
    ...snapshot,
    series: snapshot.series.map(({ series, detail }) => ({
      series,
      detail: { vote_count: detail.vote_count } as SeriesPageData['detail'],
    })),
    also_liked: [],
    reviews: [],
  };
}
