import { useState } from 'react';
import type { RankedSeries } from '../catalogue/catalogue-types';
import SeriesFormDialog from './SeriesFormDialog';
import styles from './CatalogueAdmin.module.css';

export interface AddSeriesButtonProps {
  /** The new series, as the live lists now show it. */
  onAdded?: (series: RankedSeries) => void;
}

/** The admin's "Add New Series" button and modal; after adding, a link opens the new series' page. */
export default function AddSeriesButton({ onAdded }: AddSeriesButtonProps) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<RankedSeries | null>(null);

  return (
    <div className={styles.toolbar}>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Add New Series
      </button>
      <p role="status" className={styles.toolbarStatus}>
        {added && (
          <>
            Added “{added.title}”. <a href={`/series/${added.id}`}>Open its page</a>
          </>
        )}
      </p>
      {open && (
        <SeriesFormDialog
          mode={{ kind: 'add' }}
          onClose={() => setOpen(false)}
          onSaved={(series) => {
            setOpen(false);
            setAdded(series);
            onAdded?.(series);
          }}
        />
      )}
    </div>
  );
}
