import { useEffect, useId, useRef, useState } from 'react';
import {
  importedSeriesText,
  importSeriesLabel,
  moreNotShownText,
  PROGRESS_TEXT,
  READING_STATUS_LABELS,
} from '../../../contract/reading-progress-values';
import type { ImportReport, ReadingListSummary } from '../../../contract/reading-lists';
import { errorDetail, errorStatus } from '../../lib/api-client';
import FileField from '../../ui/FileField';
import { importMyAnimeList } from './lists-api';
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

/** The address of a report asking for a series the import did not find. */
function askForSeriesUrl(title: string): string {
  return `/report-issue?${new URLSearchParams({ type: 'CONTENT', title }).toString()}`;
}

/** The API's own text for a refused file (400, 413), else a general one. */
function importFailure(error: unknown): string {
  const status = errorStatus(error);
  return status === 400 || status === 413 || status === 422
    ? errorDetail(error, PROGRESS_TEXT.importFailed)
    : PROGRESS_TEXT.importFailed;
}

/** Entries of each kind in the file: those the answer lists and those it leaves out (`not_shown`). */
function counts(report: ImportReport) {
  const { not_shown: notShown } = report;
  return {
    matched: report.matched.length + notShown.matched,
    ambiguous: report.ambiguous.length + notShown.ambiguous,
    unmatched: report.unmatched.length + notShown.unmatched,
    full: report.full.length + notShown.full,
  };
}

/** Under a list the answer cut short: "1034 more not shown." */
function NotShown({ count }: { count: number }) {
  return count > 0 ? <p className={styles.entryMeta}>{moreNotShownText(count)}</p> : null;
}

/** What happened to the rest: "Updated 1 · Already in the list 2 · Not found 3 · …", the zeros left out. */
function restText(report: ImportReport): string {
  const total = counts(report);
  return [
    ['Chapters updated', report.updated],
    ['Already in the list', report.already_present],
    [PROGRESS_TEXT.listFull, total.full],
    [PROGRESS_TEXT.notFound, total.unmatched],
    ['Skipped', total.ambiguous],
  ]
    .filter(([, count]) => Number(count) > 0)
    .map(([label, count]) => `${label} ${count}`)
    .join(' · ');
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

  const chosen = Object.entries(choices).flatMap(([index, seriesId]) =>
    seriesId === null ? [] : [{ source_index: Number(index), series_id: seriesId }],
  );

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
  const total = report ? counts(report) : null;
  // What the import would add or update: the preview's matches less those the list already has as they are
  // or has no room for, plus the candidates picked.
  const toImport =
    report && total ? Math.max(0, total.matched - report.already_present - total.full) + chosen.length : 0;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
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

      {report && total && (
        <div className={styles.preview}>
          <h4 ref={stepHeading} tabIndex={-1} className={styles.stepTitle}>
            {PROGRESS_TEXT.matched} ({total.matched})
          </h4>
          {report.matched.length > 0 && (
            <ul className={styles.entries}>
              {report.matched.map((entry) => (
                <li key={entry.source_index} className={styles.entry}>
                  <a href={`/series/${entry.series_id}`}>{entry.title}</a>
                  <span className={styles.entryMeta}>
                    {READING_STATUS_LABELS[entry.reading_status]} · {entry.chapters_read} ch.
                    {entry.source_title !== entry.title && <> · “{entry.source_title}”</>}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <NotShown count={report.not_shown.matched} />

          <h4 className={styles.stepTitle}>
            {PROGRESS_TEXT.chooseOne} ({total.ambiguous})
          </h4>
          {report.ambiguous.map((entry) => (
            <fieldset key={entry.source_index} className={styles.choice}>
              <legend className={styles.legend}>{entry.source_title}</legend>
              {entry.candidates.map((candidate) => (
                <label key={candidate.series_id} className={styles.candidate}>
                  <input
                    type="radio"
                    name={`${id}-choice-${entry.source_index}`}
                    checked={choices[entry.source_index] === candidate.series_id}
                    onChange={() => setChoices({ ...choices, [entry.source_index]: candidate.series_id })}
                  />
                  <span className={styles.candidateCover}>
                    {candidate.cover_url ? (
                      <img src={candidate.cover_url} width={32} height={48} alt="" loading="lazy" />
                    ) : (
                      <span aria-hidden="true">—</span>
                    )}
                  </span>
                  <span className={styles.candidateTitle}>{candidate.title}</span>
                  <span className={styles.candidateType}>{candidate.type}</span>
                </label>
              ))}
              <label className={styles.candidate}>
                <input
                  type="radio"
                  name={`${id}-choice-${entry.source_index}`}
                  checked={(choices[entry.source_index] ?? null) === null}
                  onChange={() => setChoices({ ...choices, [entry.source_index]: null })}
                />
                <span className={styles.candidateTitle}>{PROGRESS_TEXT.skip}</span>
              </label>
            </fieldset>
          ))}
          <NotShown count={report.not_shown.ambiguous} />

          <h4 className={styles.stepTitle}>
            {PROGRESS_TEXT.notFound} ({total.unmatched})
          </h4>
          {report.unmatched.length > 0 && (
            <ul className={styles.entries}>
              {report.unmatched.map((entry) => (
                <li key={entry.source_index} className={styles.entry}>
                  <span>{entry.source_title}</span>
                  <a
                    className={styles.entryMeta}
                    href={askForSeriesUrl(entry.source_title)}
                    aria-label={`${PROGRESS_TEXT.askForSeries}: ${entry.source_title}`}
                  >
                    {PROGRESS_TEXT.askForSeries}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <NotShown count={report.not_shown.unmatched} />
          {total.full > 0 && (
            <p className={styles.error}>
              {PROGRESS_TEXT.listFull}: {total.full} not added.
            </p>
          )}

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
