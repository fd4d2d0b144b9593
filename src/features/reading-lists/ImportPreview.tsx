import type { RefObject } from 'react';
import {
  moreNotShownText,
  PROGRESS_TEXT,
  READING_STATUS_LABELS,
} from '../../../contract/reading-progress-values';
import type { ImportReport } from '../../../contract/reading-lists';
import { matchedMeta, reportCounts } from './import-report';
import styles from './MalImport.module.css';

/** Under a list the answer cut short: "1034 more not shown." */
function NotShown({ count }: { count: number }) {
  return count > 0 ? <p className={styles.entryMeta}>{moreNotShownText(count)}</p> : null;
}

/** The address of a report asking for a series the import did not find. */
function askForSeriesUrl(title: string): string {
  return `/report-issue?${new URLSearchParams({ type: 'CONTENT', title }).toString()}`;
}

export interface ImportPreviewProps {
  report: ImportReport;
  /** The radio groups' name prefix. */
  id: string;
  choices: Readonly<Record<number, number | null>>;
  onChoose: (sourceIndex: number, seriesId: number | null) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The dry run's report: "Matched (N)" with each entry's status, chapters and score, "Choose one (N)" with a
 * candidate or Skip per ambiguous title, "Not found (N)" with a link asking for the series, and the entries
 * whose score was left out.
 */
export default function ImportPreview({ report, id, choices, onChoose, headingRef }: ImportPreviewProps) {
  const total = reportCounts(report);
  return (
    <>
      <h4 ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
        {PROGRESS_TEXT.matched} ({total.matched})
      </h4>
      {report.matched.length > 0 && (
        <ul className={styles.entries}>
          {report.matched.map((entry) => (
            <li key={entry.source_index} className={styles.entry}>
              <a href={`/series/${entry.series_id}`}>{entry.title}</a>
              <span className={styles.entryMeta}>
                {matchedMeta(entry, READING_STATUS_LABELS[entry.reading_status])}
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
                onChange={() => onChoose(entry.source_index, candidate.series_id)}
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
              onChange={() => onChoose(entry.source_index, null)}
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
      <ScoresIgnored report={report} />
      {total.full > 0 && (
        <p className={styles.error}>
          {PROGRESS_TEXT.listFull}: {total.full} not added.
        </p>
      )}
    </>
  );
}

/** "Scores left out (not a whole number from 0 to 10):" and each such entry with the file's value. */
export function ScoresIgnored({ report }: { report: ImportReport }) {
  if (reportCounts(report).scoresIgnored === 0) return null;
  return (
    <div className={styles.scoresIgnored} data-testid="scores-ignored">
      <p className={styles.entryMeta}>{PROGRESS_TEXT.scoresIgnored}</p>
      <ul className={styles.entries}>
        {report.scores_ignored.map((entry) => (
          <li key={entry.source_index} className={styles.entry}>
            <span>{entry.source_title}</span>
            <span className={styles.entryMeta}>
              {PROGRESS_TEXT.myScore} “{entry.my_score}”
            </span>
          </li>
        ))}
      </ul>
      <NotShown count={report.not_shown.scores_ignored} />
    </div>
  );
}
