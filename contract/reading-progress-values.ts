/*
 * Reading progress and moving lists in and out (MyAnimeList import and export): the statuses, limits and
 * texts. Imports nothing, so browser code can use them without pulling zod into its bundle.
 */

/** Reading statuses, in the order screens list them. */
export const READING_STATUSES = ['READING', 'COMPLETED', 'ON_HOLD', 'DROPPED', 'PLAN_TO_READ'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

/** What a series added to a list starts as. */
export const DEFAULT_READING_STATUS: ReadingStatus = 'PLAN_TO_READ';

/** How screens name the statuses; MyAnimeList's export writes the same words. */
export const READING_STATUS_LABELS: Record<ReadingStatus, string> = {
  READING: 'Reading',
  COMPLETED: 'Completed',
  ON_HOLD: 'On-Hold',
  DROPPED: 'Dropped',
  PLAN_TO_READ: 'Plan to Read',
};

export const MIN_CHAPTERS_READ = 0;
export const MAX_CHAPTERS_READ = 100_000;

/* MyAnimeList import limits. */
export const MAL_IMPORT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAL_IMPORT_MAX_XML_BYTES = 50 * 1024 * 1024;
export const MAL_IMPORT_MAX_ENTRIES = 20_000;

/* MyAnimeList import errors, as the API answers them. */
export const MAL_NOT_AN_EXPORT = 'This file is not a MyAnimeList export.';
export const MAL_ANIME_EXPORT = 'This is an anime list. Export your manga list instead.';
export const MAL_FILE_TOO_LARGE = 'File too large (max 5 MB).';
/** A compressed file that inflates past the bound (a gzip bomb, say): refused as soon as it passes it. */
export const MAL_XML_TOO_LARGE = 'File too large (max 50 MB once decompressed).';
export const MAL_TOO_MANY_ENTRIES = 'Too many entries (max 20,000).';
export const MAL_CHOICE_NOT_A_CANDIDATE = 'Choose one of the candidates.';
/** An import sent without a file. */
export const MAL_FILE_REQUIRED = 'Choose a MyAnimeList export file.';

/** What the list screens show about progress and moving lists in and out, verbatim where the product says so. */
export const PROGRESS_TEXT = {
  readingStatus: 'Reading status',
  chapters: 'Chapters',
  addChapter: '+1',
  shareHelp: 'Anyone with the link sees the series, their reading status and chapters.',
  importButton: 'Import from MyAnimeList',
  importFileLabel: 'MyAnimeList export (.xml or .xml.gz)',
  importReading: 'Reading the file…',
  importing: 'Importing…',
  matched: 'Matched',
  chooseOne: 'Choose one',
  notFound: 'Not found',
  listFull: 'List is full',
  skip: 'Skip',
  askForSeries: 'Ask for this series',
  cancel: 'Cancel',
  exportMal: 'Export MyAnimeList XML',
  downloadMal: 'Download MyAnimeList XML',
  importFailed: "Couldn't import the file. Please try again.",
} as const;

/** "Import N series" / "Imported N series." */
export function importSeriesLabel(count: number): string {
  return `Import ${count} series`;
}
export function importedSeriesText(count: number): string {
  return `Imported ${count} series.`;
}
