import { useState } from 'react';
import { errorStatus } from '../../lib/api-client';
import type { RankedSeries } from '../catalogue/catalogue-types';
import { DELETE_CONFIRMATION, DELETE_REFUSED, DELETE_UNSENT } from './admin-messages';
import { deleteSeries } from './catalogue-admin-api';
import SeriesFormDialog from './SeriesFormDialog';
import styles from './CatalogueAdmin.module.css';

export interface SeriesAdminActionsProps {
  series: RankedSeries;
  onUpdated: (series: RankedSeries) => void;
  onDeleted: (id: number) => void;
}

/** The admin's edit and delete buttons on a series card (render only for admins). */
export default function SeriesAdminActions({ series, onUpdated, onDeleted }: SeriesAdminActionsProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState('');

  async function remove() {
    if (deleting || !window.confirm(DELETE_CONFIRMATION)) return;
    setDeleting(true);
    setError('');
    try {
      await deleteSeries(series.id);
      onDeleted(series.id);
    } catch (failure) {
      setError(errorStatus(failure) === undefined ? DELETE_UNSENT : DELETE_REFUSED);
      setDeleting(false);
    }
  }

  return (
    <>
      <button type="button" className={styles.cardButton} onClick={() => setEditing(true)}>
        Edit<span className="visually-hidden"> {series.title}</span>
      </button>
      <button
        type="button"
        className={`${styles.cardButton} ${styles.danger}`}
        onClick={remove}
        aria-disabled={deleting || undefined}
      >
        Delete<span className="visually-hidden"> {series.title}</span>
      </button>
      {error && (
        <p className={styles.cardError} role="alert">
          {error}
        </p>
      )}
      {editing && (
        <SeriesFormDialog
          mode={{ kind: 'edit', series }}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            onUpdated(saved);
          }}
        />
      )}
    </>
  );
}
