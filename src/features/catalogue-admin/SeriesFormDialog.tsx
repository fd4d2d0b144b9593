import { useStore } from '@nanostores/react';
import { useQuery } from '../../lib/use-query';
import Dialog from '../../ui/Dialog';
import { $session } from '../accounts/session-store';
import type { RankedSeries } from '../catalogue/catalogue-types';
import { rankedSeriesFields } from '../catalogue/ranked-series-fields';
import { seriesDetailStore } from '../series/series-detail-query';
import { SERIES_LOADING } from './admin-messages';
import SeriesForm from './SeriesForm';
import type { SeriesFormMode } from './series-form-fields';
import styles from './CatalogueAdmin.module.css';

export interface SeriesFormDialogProps {
  mode: SeriesFormMode;
  onSaved: (series: RankedSeries) => void;
  onClose: () => void;
}

/**
 * The "Add New Series" and "Edit Series" modals. An edit starts from the series as the API has it now, not
 * from its card: a pre-rendered card shows the series as it was at the last build, and the form sends
 * every field, so starting from the card would undo what was changed since (a count set, an id cleared).
 * Should that read fail, it starts from the card, as before.
 */
export default function SeriesFormDialog({ mode, onSaved, onClose }: SeriesFormDialogProps) {
  const current = useCurrentSeries(mode);
  return (
    <Dialog title={mode.kind === 'add' ? 'Add New Series' : 'Edit Series'} onClose={onClose}>
      {current ? (
        <SeriesForm mode={current} onSaved={onSaved} onClose={onClose} />
      ) : (
        <p role="status" className={styles.hint}>
          {SERIES_LOADING}
        </p>
      )}
    </Dialog>
  );
}

/** The form's starting point; null while the series is read. */
function useCurrentSeries(mode: SeriesFormMode): SeriesFormMode | null {
  const { user } = useStore($session);
  const live = useQuery(mode.kind === 'edit' ? seriesDetailStore(mode.series.id, user) : null);
  if (mode.kind === 'add') return mode;
  if (live.data) return { kind: 'edit', series: { ...mode.series, ...rankedSeriesFields(live.data) } };
  return live.error === undefined ? null : mode;
}
