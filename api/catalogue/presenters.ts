import { coverVariants } from '../media/cover-variants';
import type { MediaStorage } from '../media/storage';
import type { ListingRow } from './catalogue-load';
import { VOTE_CATEGORY_FIELDS, type CategoryDistributions, type CategoryTotals } from '../db/schema';
import type {
  RankedSeries,
  ScoreDistribution,
  SeriesDetail,
  Suggestion,
  VoteCategoryLabel,
} from '../../contract/catalogue';

/** The series cover as lists and details both show it: its URL (null without one) and its variants. */
function seriesCover(
  media: MediaStorage,
  coverKey: string | null,
): Pick<RankedSeries, 'cover_url' | 'cover_variants'> {
  return {
    cover_url: coverKey ? media.url(coverKey) : null,
    cover_variants: coverVariants(media, coverKey),
  };
}

/**
 * A series' ids on other sites and its published chapter and volume counts (null where unset), and its
 * alternative titles.
 */
function externalIdsAndCounts(
  series: ListingRow,
): Pick<RankedSeries, 'mal_id' | 'anilist_id' | 'mangaupdates_id' | 'chapters' | 'volumes' | 'alt_titles'> {
  return {
    mal_id: series.malId,
    anilist_id: series.anilistId,
    mangaupdates_id: series.mangaupdatesId,
    chapters: series.chapters,
    volumes: series.volumes,
    alt_titles: series.altTitles,
  };
}

/** A ranked entry as lists show it (the snapshot's, or a listing row read on its own). */
export function toRankedSeries(
  entry: { series: ListingRow; rank: number | null },
  media: MediaStorage,
): RankedSeries {
  const { series, rank } = entry;
  return {
    id: series.id,
    title: series.title,
    genre: series.genre,
    type: series.type,
    status: series.status,
    author: series.author,
    artist: series.artist,
    ...seriesCover(media, series.coverKey),
    rank,
    vote_count: series.voterCount,
    final_score: series.finalScore,
    mean_score: series.meanScore,
    ...externalIdsAndCounts(series),
  };
}

/** A series as the search box suggests it, with the alternative title that matched (null: another name). */
export function toSuggestion(
  entry: { series: ListingRow; rank: number | null },
  matchedTitle: string | null,
  media: MediaStorage,
): Suggestion {
  const { series, rank } = entry;
  return {
    id: series.id,
    title: series.title,
    type: series.type,
    cover_url: series.coverKey ? media.url(series.coverKey) : null,
    rank,
    matched_title: matchedTitle,
  };
}

/** A series with its detail row; the detail is null for a series created before it had one. */
export interface SeriesDetailRow {
  series: ListingRow;
  details: (CategoryTotals & CategoryDistributions & { synopsis: string; coverKey: string | null }) | null;
}

const NO_VOTES = Array.from({ length: 10 }, () => 0);

/** The totals of a series nobody voted on (no detail row yet). */
export const EMPTY_TOTALS = Object.fromEntries(
  VOTE_CATEGORY_FIELDS.flatMap(({ total, count, distribution }) => [
    [total, 0],
    [count, 0],
    [distribution, NO_VOTES],
  ]),
) as CategoryTotals & CategoryDistributions;

export function toSeriesDetail(
  { series, details }: SeriesDetailRow,
  rank: number | null,
  media: MediaStorage,
  voteScores: Partial<Record<VoteCategoryLabel, number>> = {},
): SeriesDetail {
  const totals = details ?? EMPTY_TOTALS;
  const detailCover = details?.coverKey ?? null;
  const categoryFields = Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap(({ field, total, count }) => [
      [`${field}_total`, totals[total]],
      [`${field}_count`, totals[count]],
    ]),
  );
  const shownCover = detailCover ?? series.coverKey ?? null;
  return {
    series_id: series.id,
    title: series.title,
    type: series.type,
    genre: series.genre,
    status: series.status,
    author: series.author,
    artist: series.artist,
    synopsis: details?.synopsis ?? '',
    // Older clients show only series_cover_url: it falls back to the series cover until a detail cover
    // is uploaded, and has_detail_cover tells newer clients which one it is.
    series_cover_url: shownCover ? media.url(shownCover) : '',
    series_cover_variants: coverVariants(media, shownCover),
    has_detail_cover: Boolean(detailCover),
    ...seriesCover(media, series.coverKey),
    ...(categoryFields as Pick<SeriesDetail, `${(typeof VOTE_CATEGORY_FIELDS)[number]['field']}_total`> &
      Pick<SeriesDetail, `${(typeof VOTE_CATEGORY_FIELDS)[number]['field']}_count`>),
    vote_counts: Object.fromEntries(
      VOTE_CATEGORY_FIELDS.map(({ label, count }) => [label, totals[count]]),
    ) as Record<VoteCategoryLabel, number>,
    vote_scores: voteScores,
    score_distribution: Object.fromEntries(
      VOTE_CATEGORY_FIELDS.map(({ field, distribution }) => [field, totals[distribution]]),
    ) as ScoreDistribution,
    rank,
    final_score: series.finalScore,
    mean_score: series.meanScore,
    vote_count: series.voterCount,
    ...externalIdsAndCounts(series),
  };
}
