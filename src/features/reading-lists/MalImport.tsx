import { useEffect, useId, useRef, useState } from 'react';
import {
  importedSeriesText,
  importSeriesLabel,
  PROGRESS_TEXT,
} from '../../../contract/reading-progress-values';
import type { ImportReport, ReadingListSummary } from '../../../contract/reading-lists';
import { errorDetail, errorStatus } from '../../lib/api-client';
import FileField from '../../ui/FileField';
import { importMyAnimeList } from './lists-api';
import { chosenCandidates, restText, seriesToImport } from './import-report';
import ImportPreview, { ScoresIgnored } from './ImportPreview';
import styles from './MalImport.module.css';

export interface MalImportProps {
  list: ReadingListSummary;
  /** After an import wrote something: how many series were added. */
  onImported: (added: number) => void;
  onClose: () => void;
}

type Phase =
  | { name: 'choose' }
  | { name: 'reading' }
  | { name: 'preview'; file: File; report: ImportReport }
  | { name: 'importing'; file: File; report: ImportReport }
  | { name: 'done'; report: ImportReport };

/** The API's own text for a refused file (400, 413), else a general one. */
function importFailure(error: unknown): string {
  const status = errorStatus(error);
  return status === 400 || status === 413 || status === 422
    ? errorDetail(error, PROGRESS_TEXT.importFailed)
    : PROGRESS_TEXT.importFailed;
}

/**
 * "Import from MyAnimeList" for one list: the user picks the export, sees what matched, picks a candidate
 * (or Skip) for each ambiguous title, and imports. The preview is the API's dry run, so what it shows is
 * what the import does. Focus moves to each new step's heading, and each step is announced.
 */
export default function MalImport({ list, onImported, onClose }: MalImportProps) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  /** The file the preview is of (kept after a refusal, so the message names what was refused). */
  const [picked, setPicked] = useState<File | null>(null);
  const [choices, setChoices] = useState<Record<number, number | null>>({});
  const [error, setError] = useState('');
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  // Opened from the list's menu: focus moves to the panel, next to its file control.
  useEffect(() => {
    title.current?.focus();
  }, []);

  useEffect(() => {
    if (phase.name === 'preview' || phase.name === 'done') stepHeading.current?.focus();
  }, [phase.name]);

  async function preview(file: File) {
    setPicked(file);
    setError('');
    setChoices({});
    setPhase({ name: 'reading' });
    try {
      const report = await importMyAnimeList(list.id, file, { dryRun: true });
      setPhase({ name: 'preview', file, report });
    } catch (failure) {
      setError(importFailure(failure));
      setPhase({ name: 'choose' });
    }
  }

  const chosen = chosenCandidates(choices);

  async function runImport() {
    if (phase.name !== 'preview' || toImport === 0) return;
    setError('');
    setPhase({ name: 'importing', file: phase.file, report: phase.report });
    try {
      const report = await importMyAnimeList(list.id, phase.file, { dryRun: false, choices: chosen });
      setPhase({ name: 'done', report });
      if (report.added > 0 || report.updated > 0) onImported(report.added);
    } catch (failure) {
      setError(importFailure(failure));
      setPhase({ name: 'preview', file: phase.file, report: phase.report });
    }
  }

  const report = phase.name === 'preview' || phase.name === 'importing' ? phase.report : null;
  const toImport = report ? seriesToImport(report, chosen.length) : 0;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h3 ref={title} id={`${id}-title`} className={styles.title} tabIndex={-1}>
        {PROGRESS_TEXT.importButton}
      </h3>

      {phase.name !== 'done' && (
        <FileField
          label={PROGRESS_TEXT.importFileLabel}
          accept=".xml,.gz,application/xml,text/xml,application/gzip"
          file={picked}
          disabled={phase.name === 'reading' || phase.name === 'importing'}
          onChange={(file) => {
            if (file) return void preview(file);
            setPicked(null);
            setError('');
            setPhase({ name: 'choose' });
          }}
        />
      )}

      <div role="status" className={styles.live}>
        {phase.name === 'reading' && <p>{PROGRESS_TEXT.importReading}</p>}
        {phase.name === 'importing' && <p>{PROGRESS_TEXT.importing}</p>}
      </div>
      <div role="alert">{error && <p className={styles.error}>{error}</p>}</div>

      {report && (
        <div className={styles.preview}>
          <ImportPreview
            report={report}
            id={id}
            choices={choices}
            onChoose={(index, seriesId) => setChoices({ ...choices, [index]: seriesId })}
            headingRef={stepHeading}
          />
          <div className={styles.buttons}>
            <button
              type="button"
              className="button button-primary"
              onClick={runImport}
              aria-disabled={phase.name === 'importing' || toImport === 0 || undefined}
            >
              {importSeriesLabel(toImport)}
            </button>
            <button type="button" className="button" onClick={onClose}>
              {PROGRESS_TEXT.cancel}
            </button>
          </div>
        </div>
      )}

      {phase.name === 'done' && (
        <div className={styles.preview}>
          <div role="status">
            <h4 ref={stepHeading} tabIndex={-1} className={styles.stepTitle}>
              {importedSeriesText(phase.report.added)}
            </h4>
          </div>
          <p className={styles.entryMeta}>{restText(phase.report)}</p>
          <ScoresIgnored report={phase.report} />
          <div className={styles.buttons}>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}

      {(phase.name === 'choose' || phase.name === 'reading') && (
        <div className={styles.buttons}>
          <button type="button" className="button" onClick={onClose}>
            {PROGRESS_TEXT.cancel}
          </button>
        </div>
      )}
    </section>
  );
}
