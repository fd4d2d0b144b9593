import { SERIES_COUNT_LABELS } from '../../../contract/series-count-values';
import type { SeriesDetail } from '../catalogue/catalogue-types';
import type { RankBand } from '../catalogue/prerendered-values';
import {
  formatOneDecimal,
  formatVotes,
  isRanked,
  rankDescription,
  rankLabel,
  scoreBand,
  type ScoreBand,
} from '../catalogue/series-format';
import { categoryScores, formatCategoryScore, type CategoryLabel } from './series-categories';
import { meanOfVotesText } from './series-score';

/*
 * What a series page shows of a detail's figures (rank, final score, category tiles and their bars), as
 * text and attributes. The build's React markup and the page script that puts the live figures in it
 * (live-series-dom.ts) both take them from here, so the two cannot drift apart. No React in here: the page
 * script ships it.
 */

/** What a series page says of a series that does not exist (any more). */
export const SERIES_NOT_FOUND_MESSAGE = 'Series not found';
export const SERIES_NOT_FOUND_DETAIL = 'This series does not exist or was removed.';

/** The synopsis paragraph of a series without one. */
export const NO_SYNOPSIS = 'No synopsis yet.';

export interface RankShown {
  ranked: boolean;
  /** "#12", "Top 1,000"; null for an Unranked series (the badge says "Unranked"). */
  label: string | null;
  /** What a screen reader hears: "Rank 12", "Ranked in the top 1,000". */
  description: string;
}

export function rankShown(detail: Pick<SeriesDetail, 'rank'> & RankBand): RankShown {
  const ranked = isRanked(detail.rank, detail.rank_band);
  return {
    ranked,
    label: ranked ? rankLabel(detail.rank, detail.rank_band) : null,
    description: rankDescription(detail.rank, detail.rank_band),
  };
}

export interface FinalScoreShown {
  /** "8.4", or "-" without votes. */
  text: string;
  band: ScoreBand | 'none';
  /** "Mean of votes 8.4 from 12 voters", or "No votes yet". */
  line: string;
}

export function finalScoreShown(
  detail: Pick<SeriesDetail, 'final_score' | 'mean_score' | 'vote_count'>,
): FinalScoreShown {
  const meanOfVotes = meanOfVotesText(detail.mean_score, detail.vote_count);
  return {
    text: meanOfVotes ? formatOneDecimal(detail.final_score) : '-',
    band: meanOfVotes ? scoreBand(detail.final_score) : 'none',
    line: meanOfVotes ?? 'No votes yet',
  };
}

/** What a screen reader hears for one bar of a score distribution: "Score 7: 12 votes". */
export function scoreBarText(score: number, votes: number): string {
  return `Score ${score}: ${formatVotes(votes)}`;
}

export interface BarShown {
  /** The bar's height, scaled to the most frequent score. */
  height: string;
  empty: boolean;
  text: string;
}

/** A category's votes per score (index 0 is score 1) as ten bars. */
export function distributionBars(counts: readonly number[]): BarShown[] {
  const most = Math.max(1, ...counts);
  return counts.map((votes, index) => ({
    height: `${(votes / most) * 100}%`,
    empty: votes === 0,
    text: scoreBarText(index + 1, votes),
  }));
}

export interface CategoryTileShown {
  label: CategoryLabel;
  /** "7.3/10", or "-/10" without votes. */
  score: string;
  band: ScoreBand | 'none';
  /** "12 votes". */
  votes: string;
  distribution: readonly number[];
}

export function categoryTiles(detail: SeriesDetail): CategoryTileShown[] {
  return categoryScores(detail).map((category) => ({
    label: category.label,
    score: formatCategoryScore(category.average),
    band: category.average === null ? 'none' : scoreBand(category.average),
    votes: formatVotes(category.voteCount),
    distribution: category.distribution,
  }));
}

/** "Chapters 150 · Volumes 12", or what is known of them, as label and value pairs. */
export function seriesCounts(detail: SeriesDetail): { label: string; value: number }[] {
  return (Object.keys(SERIES_COUNT_LABELS) as (keyof typeof SERIES_COUNT_LABELS)[]).flatMap((field) => {
    const value = detail[field];
    return value == null ? [] : [{ label: SERIES_COUNT_LABELS[field], value }];
  });
}
