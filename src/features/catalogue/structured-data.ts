import { SITE_NAME, SITE_URL, absoluteUrl } from '../../lib/site-config';
import type { RankedSeries } from './catalogue-types';

/** schema.org JSON-LD of the ranking pages. */

/** The site with its search box: `/?search={term}` (home page only). */
export function websiteJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${SITE_URL}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${SITE_URL}/?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/**
 * The pre-rendered series of a ranking page, in rank order. `firstPosition` is the first one's place in
 * the whole list (26 on page 2), so positions continue across pages.
 */
export function rankingItemListJsonLd(
  name: string,
  series: readonly RankedSeries[],
  firstPosition = 1,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    itemListOrder: 'https://schema.org/ItemListOrderDescending',
    numberOfItems: series.length,
    itemListElement: series.map((entry, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      url: absoluteUrl(`/series/${entry.id}`),
      name: entry.title,
    })),
  };
}
