import { useStore } from '@nanostores/react';
import { $compareSelection, toggleCompareSeries } from '../compare/compare-store';
import type { RankedSeries } from './catalogue-types';
import { coverLoadingFor } from './cover-image';
import SeriesCard from './SeriesCard';
import type { SignedInListTools } from './signed-in-list-tools';
import styles from './RankingList.module.css';

export interface SeriesGridProps {
  series: RankedSeries[];
  /** A page is loading: the grid is busy. */
  loading: boolean;
  /** The reading-list toggle of signed-in visitors. */
  tools: SignedInListTools | null;
  /** The admin controls (admins only). */
  admin: SignedInListTools | null;
  onUpdated: (series: RankedSeries) => void;
  onDeleted: (id: number) => void;
}

/** The ranked list's cards, each with its compare toggle, reading-list toggle and admin actions. */
export default function SeriesGrid({ series, loading, tools, admin, onUpdated, onDeleted }: SeriesGridProps) {
  const selection = useStore($compareSelection, { ssr: 'initial' });
  return (
    // data-series-grid: the pre-rendered pages' scroll script (scroll-pages.ts) appends its cards here.
    <ol className={styles.grid} role="list" aria-busy={loading} data-series-grid>
      {series.map((entry, index) => (
        <li key={entry.id}>
          <SeriesCard
            series={entry}
            coverLoading={coverLoadingFor(index)}
            compareSelected={selection.includes(entry.id)}
            onToggleCompare={(id) => toggleCompareSeries(id, entry)}
            listToggle={tools && <tools.ListToggle series={entry} />}
            withListToggle
            actions={
              admin ? (
                <admin.SeriesAdminActions series={entry} onUpdated={onUpdated} onDeleted={onDeleted} />
              ) : undefined
            }
          />
        </li>
      ))}
    </ol>
  );
}
