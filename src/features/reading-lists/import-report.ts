import { PROGRESS_TEXT } from '../../../contract/reading-progress-values';
import type { ImportReport } from '../../../contract/reading-lists';

/* What the MyAnimeList import panel reads from the API's report, apart from React. */

/** Entries of each kind in the file: those the answer lists and those it leaves out (`not_shown`). */
export function reportCounts(report: ImportReport) {
  const { not_shown: notShown } = report;
  return {
    matched: report.matched.length + notShown.matched,
    ambiguous: report.ambiguous.length + notShown.ambiguous,
    unmatched: report.unmatched.length + notShown.unmatched,
    full: report.full.length + notShown.full,
    scoresIgnored: report.scores_ignored.length + notShown.scores_ignored,
  };
}

/**
 * What the import would add or update: the preview's matches less those the list already has as they are
 * or has no room for, plus the candidates picked.
 */
export function seriesToImport(report: ImportReport, picked: number): number {
  const total = reportCounts(report);
  return Math.max(0, total.matched - report.already_present - total.full) + picked;
}

/** The candidates picked for ambiguous entries, as the import sends them (Skip left out). */
export function chosenCandidates(choices: Readonly<Record<number, number | null>>) {
  return Object.entries(choices).flatMap(([index, seriesId]) =>
    seriesId === null ? [] : [{ source_index: Number(index), series_id: seriesId }],
  );
}

/** What happened to the rest: "Chapters updated 1 · Already in the list 2 · …", the zeros left out. */
export function restText(report: ImportReport): string {
  const total = reportCounts(report);
  return [
    ['Chapters updated', report.updated],
    ['Already in the list', report.already_present],
    [PROGRESS_TEXT.listFull, total.full],
    [PROGRESS_TEXT.notFound, total.unmatched],
    ['Skipped', total.ambiguous],
    [PROGRESS_TEXT.scoresLeftOut, total.scoresIgnored],
  ]
    .filter(([, count]) => Number(count) > 0)
    .map(([label, count]) => `${label} ${count}`)
    .join(' · ');
}

/** A matched entry's line: "Reading · 12 ch. · My score 8 · “file title”" (the score and title when any). */
export function matchedMeta(entry: ImportReport['matched'][number], statusLabel: string): string {
  return [
    statusLabel,
    `${entry.chapters_read} ch.`,
    entry.score === null ? '' : `${PROGRESS_TEXT.myScore} ${entry.score}`,
    entry.source_title === entry.title ? '' : `“${entry.source_title}”`,
  ]
    .filter(Boolean)
    .join(' · ');
}
