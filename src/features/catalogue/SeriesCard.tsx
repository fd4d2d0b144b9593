import type { ReactNode } from 'react';
import { matchedTitleText } from '../../../contract/catalogue-values';
import type { RankedSeries } from './catalogue-types';
import {
  CARD_COVER_HEIGHT,
  CARD_COVER_SIZES,
  CARD_COVER_WIDTH,
  coverSources,
  type CoverLoading,
} from './cover-image';
import {
  formatCardScore,
  formatVotes,
  rankDescription,
  rankLabel,
  scoreBand,
  showsVoteCount,
  statusLabel,
} from './series-format';
import styles from './SeriesCard.module.css';

export interface SeriesCardProps {
  /** A search result also says which of its alternative titles matched. */
  series: RankedSeries & { matched_title?: string | null };
  coverLoading?: CoverLoading;
  /** Shows the compare toggle when given. */
  onToggleCompare?: (id: number) => void;
  compareSelected?: boolean;
  /** More controls beside the compare toggle: the admin edit and delete buttons. */
  actions?: ReactNode;
  /** The reading-list toggle, beside the vote count (the list gives it to signed-in users only). */
  listToggle?: ReactNode;
  /**
   * The card offers the reading-list toggle to signed-in visitors: their cards keep its room from the first
   * paint (`data-signed-in`), before the toggle itself arrives.
   */
  withListToggle?: boolean;
  headingLevel?: 2 | 3;
  /**
   * Shows the rank and the score: true but on series pages, whose cards to other series show neither, so
   * that votes elsewhere do not rewrite them (prerendered-values.ts).
   */
  standing?: boolean;
}

/**
 * A series in a ranked list. The title link covers the whole card (opening a card goes to its page);
 * the toggles sit above it, under the cover: the reading-list toggle beside the vote count, the compare
 * toggle and the admin actions at the foot. Rendered at build time for the first 25 and by the list island after.
 */
export default function SeriesCard({
  series,
  coverLoading = 'lazy',
  onToggleCompare,
  compareSelected = false,
  actions,
  listToggle,
  withListToggle = false,
  headingLevel = 2,
  standing = true,
}: SeriesCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cover = coverSources(series.cover_url, series.cover_variants);
  const status = statusLabel(series.status);
  const hasScore = series.vote_count > 0;
  const href = `/series/${series.id}`;

  return (
    <article className={styles.card} data-list-toggle={withListToggle || undefined}>
      <div className={styles.coverFrame}>
        {cover ? (
          <img
            className={styles.cover}
            src={cover.src}
            srcSet={cover.srcSet}
            sizes={cover.srcSet ? CARD_COVER_SIZES : undefined}
            width={CARD_COVER_WIDTH}
            height={CARD_COVER_HEIGHT}
            alt=""
            loading={coverLoading === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={coverLoading === 'priority' ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div className={styles.noCover} aria-hidden="true">
            No cover
          </div>
        )}
        {standing && (
          <span className={styles.rank} data-ranked={series.rank != null}>
            <span aria-hidden="true">{rankLabel(series.rank)}</span>
            <span className="visually-hidden">{rankDescription(series.rank)}</span>
          </span>
        )}
        {status && (
          <span className={styles.ribbon} data-status={series.status}>
            <span className="visually-hidden">Status: </span>
            {status}
          </span>
        )}
      </div>

      <div className={styles.body}>
        <Heading className={styles.title}>
          <a className={styles.link} href={href} title={series.title}>
            {series.title}
          </a>
        </Heading>
        {series.matched_title && (
          <p className={styles.matched} title={series.matched_title}>
            {matchedTitleText(series.matched_title)}
          </p>
        )}
        <p className={styles.typeAndScore}>
          <span className={styles.type}>{series.type}</span>
          {standing &&
            (hasScore ? (
              <span className={styles.score} data-band={scoreBand(series.final_score)}>
                <span className="visually-hidden">Score </span>
                {formatCardScore(series.final_score)}
              </span>
            ) : (
              <span className={styles.score} data-band="none">
                <span aria-hidden="true">–</span>
                <span className="visually-hidden">No score yet</span>
              </span>
            ))}
        </p>
        <dl className={styles.people}>
          <div>
            <dt>Author</dt>
            <dd>{series.author || '–'}</dd>
          </div>
          <div>
            <dt>Artist</dt>
            <dd>{series.artist || '–'}</dd>
          </div>
        </dl>
        {/* Off the cover, so it never covers the rank, the ribbon or what the cover shows (a type tag). */}
        <div className={styles.votesRow}>
          <p className={styles.votes}>
            {showsVoteCount(series.vote_count) ? formatVotes(series.vote_count) : ''}
          </p>
          {listToggle}
        </div>
        {(onToggleCompare || actions) && (
          <div className={styles.actions}>
            {onToggleCompare && (
              <button
                type="button"
                className={styles.compare}
                aria-pressed={compareSelected}
                aria-label={`Compare ${series.title}`}
                onClick={() => onToggleCompare(series.id)}
              >
                <span className={styles.compareBox} aria-hidden="true" />
                Compare
              </button>
            )}
            {actions}
          </div>
        )}
      </div>
    </article>
  );
}

/** A placeholder of exactly a card's size (same rows, same heights), shown while series load. */
export function SeriesCardSkeleton({ withListToggle = false }: { withListToggle?: boolean }) {
  return (
    <div
      className={`${styles.card} ${styles.skeleton}`}
      data-list-toggle={withListToggle || undefined}
      aria-hidden="true"
    >
      <div className={styles.coverFrame} />
      <div className={styles.body}>
        <div className={styles.title}>
          <span className={styles.bar} style={{ width: '85%' }} />
        </div>
        <div className={styles.typeAndScore}>
          <span className={styles.bar} style={{ width: '35%' }} />
          <span className={styles.bar} style={{ width: '20%' }} />
        </div>
        <div className={styles.people}>
          <span className={styles.bar} style={{ width: '70%' }} />
          <span className={styles.bar} style={{ width: '60%' }} />
        </div>
        <div className={styles.votesRow}>
          <div className={styles.votes} />
        </div>
        <div className={styles.actions}>
          <span className={styles.bar} style={{ width: '6rem', height: 'var(--card-button-height)' }} />
        </div>
      </div>
    </div>
  );
}
