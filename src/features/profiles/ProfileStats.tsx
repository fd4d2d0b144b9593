import type { ReadingStats } from '../../../contract/profiles';
import { READING_STATUSES, READING_STATUS_LABELS } from '../../../contract/reading-progress-values';
import { countText } from './profile-format';
import styles from './ProfileStats.module.css';

/** A profile's reading stats: series per status, chapters read, the 1–10 score distribution, top genres. */
export default function ProfileStats({ stats }: { stats: ReadingStats }) {
  const scored = stats.score_distribution.reduce((sum, count) => sum + count, 0);
  const highest = Math.max(1, ...stats.score_distribution);
  return (
    <section className={styles.stats} aria-labelledby="profile-stats-heading">
      <h2 id="profile-stats-heading">Reading stats</h2>
      <dl className={styles.statuses}>
        {READING_STATUSES.map((status) => (
          <div key={status} className={styles.status}>
            <dt>{READING_STATUS_LABELS[status]}</dt>
            <dd>{stats.status_counts[status].toLocaleString('en')}</dd>
          </div>
        ))}
        <div className={styles.status}>
          <dt>Chapters read</dt>
          <dd>{stats.chapters_read.toLocaleString('en')}</dd>
        </div>
      </dl>

      <h3 id="profile-scores-heading">Scores given</h3>
      {scored === 0 ? (
        <p className={styles.none}>No scores given yet.</p>
      ) : (
        <ol className={styles.chart} aria-labelledby="profile-scores-heading">
          {stats.score_distribution.map((count, index) => (
            <li key={index} className={styles.bar}>
              <span className={styles.barCount} aria-hidden="true">
                {count}
              </span>
              <span
                className={styles.barFill}
                style={{ height: `${(count / highest) * 100}%` }}
                aria-hidden="true"
              />
              <span className={styles.barLabel} aria-hidden="true">
                {index + 1}
              </span>
              <span className="visually-hidden">
                Score {index + 1}: {countText(count, 'series', 'series')}
              </span>
            </li>
          ))}
        </ol>
      )}

      <h3>Top genres</h3>
      {stats.top_genres.length === 0 ? (
        <p className={styles.none}>No genres yet.</p>
      ) : (
        <ol className={styles.genres}>
          {stats.top_genres.map((entry) => (
            <li key={entry.genre}>
              {entry.genre}{' '}
              <span className={styles.genreCount}>({countText(entry.count, 'series', 'series')})</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
