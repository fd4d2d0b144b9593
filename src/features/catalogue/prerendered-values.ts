import type { RankedSeries, SeriesPageData } from './catalogue-types';

/*
 * The rank and score a pre-rendered series page (and the series cards on it) shows before its island loads
 * the live ones. A page is written again when what it shows changes, so what it shows must not change when
 * some other series is voted: an exact rank does (every series another one passes moves by one), and so
 * does a score's last decimals (a series' weighted score leans on the catalogue's mean). A page therefore
 * shows its own rank exactly in the top ten and otherwise by its band ("Top 1,000") and its scores to one
 * decimal; the cards on it to other series show no rank or score. See
 * docs/decisions/prerendered-ranks.md.
 */

/** Ranks up to this one are shown exactly on pre-rendered series pages. */
export const EXACT_RANKS = 10;

/** The bands a pre-rendered rank falls in: "Top 25", "Top 50", ..., each the smallest that holds it. */
export const RANK_BANDS = [
  10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000,
] as const;

/** A rank as a pre-rendered page may show it: exact (`rank`), or only the band it is in (`rank_band`). */
export interface RankBand {
  /** With `rank` null: the series is ranked, within the top `rank_band`. */
  rank_band?: number;
}

/** The band of a rank beyond EXACT_RANKS: the smallest of RANK_BANDS that holds it, else a power of ten. */
export function rankBand(rank: number): number {
  for (const band of RANK_BANDS) if (rank <= band) return band;
  return 10 ** Math.ceil(Math.log10(rank));
}

function shownRank(rank: number | null, exactTop: boolean): { rank: number | null } & RankBand {
  if (rank === null || (exactTop && rank <= EXACT_RANKS)) return { rank };
  return { rank: null, rank_band: rankBand(rank) };
}

const oneDecimal = (score: number) => Math.round(score * 10) / 10;

/**
 * A list entry as the cards on pre-rendered series pages show it (related, "Readers also liked"): without
 * its rank, score or vote count. A series sits on the cards of many pages: the best-ranked on thousands
 * (any band boundary near the top is crossed by some series after each batch of votes) and any series on
 * dozens of "Readers also liked" (one vote changes its score at one decimal about half the time), so any
 * of these on the cards would rewrite a large share of the catalogue after every batch of votes. The
 * fields are cleared, not only hidden, so they do not change the pages' fingerprints either.
 */
export function prerenderedSeries(series: RankedSeries): RankedSeries {
  return { ...series, rank: null, final_score: 0, mean_score: null, vote_count: 0 };
}

function shownScores(series: RankedSeries, exactTop: boolean): RankedSeries & RankBand {
  return { ...series, ...shownRank(series.rank, exactTop), final_score: oneDecimal(series.final_score) };
}

/** A series page's data as pre-rendered: the rank and final score as above, its own figures as they are. */
export function prerenderedPageData({ series, detail }: SeriesPageData): SeriesPageData {
  return {
    series: shownScores(series, true),
    detail: { ...detail, ...shownRank(detail.rank, true), final_score: oneDecimal(detail.final_score) },
  };
}
