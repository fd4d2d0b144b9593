import type { SeriesPageData } from '../catalogue/catalogue-types';
import { coverSources } from '../catalogue/cover-image';
import { statusLabel } from '../catalogue/series-format';
import ScoreDistributionChart from './ScoreDistributionChart';
import SeriesFacts from './SeriesFacts';
import SeriesScore from './SeriesScore';
import { categoryTiles, NO_SYNOPSIS, rankShown } from './series-values';
import styles from './SeriesDetailView.module.css';

export interface SeriesDetailViewProps {
  data: SeriesPageData;
  /** True while live scores are being fetched over build-time ones. */
  refreshing?: boolean;
}

/**
 * The series page's content above the voting panel. Used by the pre-rendered pages (rendered at build time
 * only: a page script puts the live figures in, at the places marked `data-live`) and the fallback page.
 */
export default function SeriesDetailView({ data, refreshing = false }: SeriesDetailViewProps) {
  const { series, detail } = data;
  const poster = coverSources(series.cover_url ?? detail.cover_url, series.cover_variants);
  // series_cover_url falls back to the poster for older clients; only a real detail cover is a banner.
  const banner = detail.has_detail_cover
    ? coverSources(detail.series_cover_url, detail.series_cover_variants)
    : null;
  const status = statusLabel(detail.status);
  const rank = rankShown(detail);
  const synopsis = detail.synopsis.trim();

  return (
    <article className={styles.series} aria-labelledby="series-title" data-series-detail={detail.series_id}>
      {banner && (
        <img
          className={styles.banner}
          data-live="banner"
          src={banner.src}
          srcSet={banner.srcSet}
          sizes={banner.srcSet ? '(min-width: 80rem) 80rem, 100vw' : undefined}
          width={900}
          height={600}
          alt=""
          fetchPriority="high"
        />
      )}
      <div className={styles.hero}>
        <div className={styles.posterFrame}>
          {poster ? (
            <img
              className={styles.poster}
              data-live="poster"
              src={poster.src}
              srcSet={poster.srcSet}
              sizes={poster.srcSet ? '(min-width: 48em) 240px, 40vw' : undefined}
              width={200}
              height={300}
              alt={`Cover of ${detail.title}`}
              fetchPriority={banner ? undefined : 'high'}
            />
          ) : (
            <div className={styles.noCover}>No cover</div>
          )}
          <span className={styles.ribbon} data-status={detail.status} data-live="status" hidden={!status}>
            <span className="visually-hidden">Status: </span>
            {status}
          </span>
        </div>

        <div className={styles.summary}>
          <p className={styles.rank} data-ranked={rank.ranked} data-live="rank">
            {rank.label === null ? (
              'Unranked'
            ) : (
              <>
                <span aria-hidden="true">{rank.label}</span>
                <span className="visually-hidden">{rank.description}</span>
              </>
            )}
          </p>
          <h1 id="series-title" className={styles.title} data-live="title">
            {detail.title}
          </h1>
          <SeriesFacts detail={detail} />

          <SeriesScore detail={detail} refreshing={refreshing} />
        </div>
      </div>

      <section className={styles.section} aria-labelledby="synopsis-heading">
        <h2 id="synopsis-heading">Synopsis</h2>
        <p className={styles.synopsis} data-live="synopsis">
          {synopsis || NO_SYNOPSIS}
        </p>
      </section>

      <section
        className={styles.section}
        aria-labelledby="category-scores-heading"
        aria-busy={refreshing}
        data-live="categories"
      >
        <h2 id="category-scores-heading">Category scores</h2>
        <ul className={styles.tiles} role="list">
          {categoryTiles(detail).map((category) => (
            <li key={category.label} className={styles.tile} data-category={category.label}>
              <h3 className={styles.tileLabel}>{category.label}</h3>
              <p className={styles.tileScore} data-band={category.band} data-live="category-score">
                {category.score}
              </p>
              <p className={styles.tileVotes} data-live="category-votes">
                {category.votes}
              </p>
              <ScoreDistributionChart label={category.label} counts={category.distribution} />
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

/** The same layout with placeholders, while the fallback page loads a series. */
export function SeriesDetailSkeleton() {
  return (
    <div className={`${styles.series} ${styles.skeleton}`} aria-hidden="true">
      <div className={styles.hero}>
        <div className={styles.posterFrame} />
        <div className={styles.summary}>
          <span className={styles.bar} style={{ width: '3rem', height: '1.75rem' }} />
          <span className={styles.bar} style={{ width: '70%', height: '2.5rem' }} />
          <span className={styles.bar} style={{ width: '50%' }} />
          <span className={styles.bar} style={{ width: '60%' }} />
          <span className={styles.bar} style={{ width: '45%' }} />
          <span className={styles.bar} style={{ width: '8rem', height: '3rem' }} />
        </div>
      </div>
      <div className={styles.section}>
        <span className={styles.bar} style={{ width: '8rem', height: '1.5rem' }} />
        <span className={styles.bar} style={{ width: '100%' }} />
        <span className={styles.bar} style={{ width: '90%' }} />
      </div>
      <div className={styles.section}>
        <span className={styles.bar} style={{ width: '10rem', height: '1.5rem' }} />
        <ul className={styles.tiles} role="list">
          {Array.from({ length: 5 }, (_, index) => (
            <li key={index} className={styles.tile} />
          ))}
        </ul>
      </div>
    </div>
  );
}
