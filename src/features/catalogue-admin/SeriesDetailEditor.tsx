import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '../../lib/use-query';
import { $session } from '../accounts/session-store';
import { LOAD_FAILED_MESSAGE } from '../catalogue/catalogue-messages';
import { publishSeriesDetail, seriesDetailStore } from '../series/series-detail-query';
import { seriesIdFromPath } from '../series/series-page';
import Dialog from '../../ui/Dialog';
import {
  DETAIL_COVER_HINT,
  DETAIL_FIELDS_REQUIRED,
  DETAIL_SAVE_FAILED,
  DETAIL_SAVED,
} from './admin-messages';
import { saveSeriesDetail } from './catalogue-admin-api';
import AdminFormFooter from './AdminFormFooter';
import CoverFileField from './CoverFileField';
import { detailCoverProblem } from './cover-checks';
import { useIsAdmin } from './use-is-admin';
import styles from './CatalogueAdmin.module.css';

export interface SeriesDetailEditorProps {
  /** The series edited; the fallback page leaves it out and the id comes from the address. */
  seriesId?: number;
}

/** Synopses longer than this are refused by the API. */
const SYNOPSIS_MAX_LENGTH = 10_000;

/**
 * The admin's "Edit Series Detail" button and modal on a series page: synopsis and detail cover, both
 * required, the cover under 800 KB. The saved detail goes into the page's cached detail, which
 * the page shows at once.
 */
export default function SeriesDetailEditor({ seriesId: givenId }: SeriesDetailEditorProps) {
  const admin = useIsAdmin();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(0);

  if (!admin) return null;
  const seriesId = givenId ?? seriesIdFromPath(window.location.pathname);
  if (seriesId === null) return null;

  return (
    <div className={styles.toolbar}>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Edit Series Detail
      </button>
      <p role="status" className={styles.toolbarStatus}>
        {saved > 0 && <span key={saved}>{DETAIL_SAVED}</span>}
      </p>
      {open && (
        <DetailDialog
          seriesId={seriesId}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            setSaved(saved + 1);
          }}
        />
      )}
    </div>
  );
}

function DetailDialog({
  seriesId,
  onClose,
  onSaved,
}: {
  seriesId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { user } = useStore($session);
  // The current synopsis from the live detail the page reads (the page may show build-time text), until
  // the admin edits it.
  const current = useQuery(seriesDetailStore(seriesId, user));
  const [edited, setEdited] = useState<string | null>(null);
  const synopsis = edited ?? current.data?.synopsis ?? '';
  const loading = current.data === undefined && current.loading;
  const loadError = current.data === undefined && current.error !== undefined ? LOAD_FAILED_MESSAGE : '';
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const text = synopsis.trim();
    if (!text || !file) {
      setError(DETAIL_FIELDS_REQUIRED);
      return;
    }
    const form = new FormData();
    form.set('series_id', String(seriesId));
    form.set('synopsis', text);
    form.set('file', file, file.name);
    setSubmitting(true);
    setError('');
    try {
      publishSeriesDetail(await saveSeriesDetail(form));
      onSaved();
    } catch {
      setError(DETAIL_SAVE_FAILED);
      setSubmitting(false);
    }
  }

  return (
    <Dialog title="Edit Series Detail" onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p role="status" className={styles.hint}>
          {loading ? 'Loading the current synopsis…' : loadError}
        </p>
        <div className={styles.field}>
          <label htmlFor={`${id}-synopsis`}>Synopsis</label>
          <textarea
            id={`${id}-synopsis`}
            name="synopsis"
            rows={8}
            value={synopsis}
            onChange={(event) => setEdited(event.target.value)}
            maxLength={SYNOPSIS_MAX_LENGTH}
            aria-required="true"
          />
        </div>
        <CoverFileField
          name="file"
          label="Cover image"
          hint={`${DETAIL_COVER_HINT} Less than 800KB.`}
          required
          problemOf={detailCoverProblem}
          onChoose={setFile}
        />
        <AdminFormFooter error={error} submitting={submitting} submitLabel="Save" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
