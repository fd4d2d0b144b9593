import { SITE_URL, absoluteUrl } from '../../lib/site-config';
import { breadcrumbJsonLd } from '../../lib/seo';
import { API_URL } from '../../lib/api-client';
import type { SeriesPageData, SeriesType } from '../catalogue/catalogue-types';
import { isRanked, splitGenres } from '../catalogue/series-format';
import type { Review } from '../../../contract/reviews';
import { externalLinks } from './external-links';

/** Page metadata and schema.org JSON-LD of a series page. */

export const DESCRIPTION_LENGTH = 150;

/** The meta description: the first 150 characters of the synopsis, whitespace collapsed. */
export function seriesDescription({ detail, series }: SeriesPageData): string {
  const synopsis = detail.synopsis.replace(/\s+/g, ' ').trim();
  if (synopsis) return Array.from(synopsis).slice(0, DESCRIPTION_LENGTH).join('').trimEnd();
  // No synopsis yet: say what the page is rather than leave the description empty.
  const by = series.author ? ` by ${series.author}` : '';
  return `${series.title}: ${series.type.toLowerCase()}${by}, ranked by the PanelRank community.`;
}

export function typeName(type: SeriesType): string {
  return type.charAt(0) + type.slice(1).toLowerCase();
}

export function seriesPageTitle({ series }: SeriesPageData): string {
  return `${series.title} (${typeName(series.type)})`;
}

/** Media URLs are absolute in API answers; a relative one is resolved against the API. */
export function absoluteMediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, `${API_URL}/`).href;
  } catch {
    return undefined;
  }
}

/** The sharing image: the detail cover when an admin set one, else the series cover. */
export function seriesShareImage({ series, detail }: SeriesPageData): string | undefined {
  return absoluteMediaUrl(detail.series_cover_url || series.cover_url);
}

export function seriesPath(id: number): string {
  return `/series/${id}`;
}

/**
 * A `Book` with genre, author, illustrator and image, rated only while the series is ranked. The rating's
 * scale is that of the final score, 0 to 10. `sameAs` names the same work on MyAnimeList, AniList and
 * MangaUpdates where the series carries their ids; `alternateName` lists its alternative titles. `review`
 * holds the reviews the page shows (`reviews`, each with the plain text of its body).
 */
export function seriesBookJsonLd(
  data: SeriesPageData,
  reviews: { review: Review; text: string }[] = [],
): object {
  const { series, detail } = data;
  const url = absoluteUrl(seriesPath(series.id));
  const image = seriesShareImage(data);
  const ranked = isRanked(series.rank, series.rank_band) && detail.vote_count > 0;
  const sameAs = externalLinks(detail).map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    '@id': `${url}#series`,
    url,
    name: series.title,
    ...(detail.alt_titles.length > 0 ? { alternateName: detail.alt_titles } : {}),
    bookFormat: 'https://schema.org/GraphicNovel',
    genre: splitGenres(series.genre),
    ...(detail.synopsis.trim() ? { description: detail.synopsis.trim() } : {}),
    ...(series.author ? { author: { '@type': 'Person', name: series.author } } : {}),
    ...(series.artist ? { illustrator: { '@type': 'Person', name: series.artist } } : {}),
    ...(image ? { image } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(ranked
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(detail.final_score.toFixed(2)),
            bestRating: 10,
            // The final score weighs each category toward the catalogue's mean, so it stays within 1-10;
            // 0 is kept as the floor search engines have always been given.
            worstRating: 0,
            ratingCount: detail.vote_count,
          },
        }
      : {}),
    ...(reviews.length > 0 ? { review: reviews.map(reviewJsonLd) } : {}),
  };
}

/**
 * A schema.org `Review`: author, date, the body as a reader sees it (a spoiler review's body is left out,
 * as the page hides it) and the author's personal score, when set, as the rating on the 1–10 scale.
 */
export function reviewJsonLd({ review, text }: { review: Review; text: string }): object {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author_username },
    datePublished: review.created_at,
    ...(review.spoiler ? {} : { reviewBody: text }),
    ...(review.score === null
      ? {}
      : { reviewRating: { '@type': 'Rating', ratingValue: review.score, bestRating: 10, worstRating: 1 } }),
  };
}

/** Home › Type › Title. */
export function seriesBreadcrumbJsonLd({ series }: SeriesPageData): object {
  return breadcrumbJsonLd([
    { name: 'Home', url: `${SITE_URL}/` },
    { name: typeName(series.type), url: absoluteUrl(`/type/${series.type.toLowerCase()}`) },
    { name: series.title, url: absoluteUrl(seriesPath(series.id)) },
  ]);
}
