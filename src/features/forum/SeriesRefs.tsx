import type { ForumSeriesRef } from '../../../contract/forum';
import styles from './SeriesRefs.module.css';

/** Series a thread or post references: cover-and-title cards, or title chips, linking to /series/{id}. */
export default function SeriesRefs({
  refs,
  variant,
  label,
}: {
  refs: ForumSeriesRef[];
  variant: 'cards' | 'chips';
  label: string;
}) {
  if (refs.length === 0) return null;
  return (
    <ul className={variant === 'cards' ? styles.cards : styles.chips} aria-label={label}>
      {refs.map((ref) => (
        <li key={ref.series_id}>
          <a className={variant === 'cards' ? styles.card : styles.chip} href={`/series/${ref.series_id}`}>
            {variant === 'cards' &&
              (ref.cover_url ? (
                <img
                  className={styles.cover}
                  src={ref.cover_url}
                  alt=""
                  width={32}
                  height={48}
                  loading="lazy"
                />
              ) : (
                <span className={styles.cover} aria-hidden="true" />
              ))}
            <span className={styles.title}>{ref.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
