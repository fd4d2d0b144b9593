import type { RankedSeries } from '../catalogue/catalogue-types';
import SeriesCard from '../catalogue/SeriesCard';
import styles from './RelatedSeriesCards.module.css';

/**
 * The related series' cards as one server-rendered list (no JavaScript). One React render per series page
 * rather than one per card: the build renders 100,000 series pages, and each framework render costs Astro a
 * renderer check and a stream of its own.
 */
export default function RelatedSeriesCards({ series }: { series: RankedSeries[] }) {
  return (
    <ol role="list" className={styles.list}>
      {series.map((entry) => (
        <li key={entry.id} className={styles.item}>
          <SeriesCard series={entry} headingLevel={3} />
        </li>
      ))}
    </ol>
  );
}
