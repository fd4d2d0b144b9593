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

/**
 * A personal score: the reader's own overall mark of a series, a whole number in this range or none. It is
 * apart from the five public category votes and never counts in the ranking.
 */
export const MIN_PERSONAL_SCORE = 1;
export const MAX_PERSONAL_SCORE = 10;
export const PERSONAL_SCORES = Array.from(
  { length: MAX_PERSONAL_SCORE - MIN_PERSONAL_SCORE + 1 },
  (_, index) => MIN_PERSONAL_SCORE + index,
);
export const PERSONAL_SCORE_MESSAGE = `must be a whole number from ${MIN_PERSONAL_SCORE} to ${MAX_PERSONAL_SCORE}, or null for none`;
/** MyAnimeList writes "no score" as 0. */
export const MAL_NO_SCORE = 0;

/* MyAnimeList import limits. */
export const MAL_IMPORT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAL_IMPORT_MAX_XML_BYTES = 50 * 1024 * 1024;
export const MAL_IMPORT_MAX_ENTRIES = 20_000;
/*
 * The shape of a MyAnimeList export, with room to spare: three elements deep (`<myanimelist>`, `<manga>`, a
 * field), no attributes, names under 40 characters, short texts, about 25 elements an entry. A file past
 * any of these is refused as soon as the parser reaches it, before it costs memory or time.
 */
export const MAL_IMPORT_MAX_DEPTH = 8;
export const MAL_IMPORT_MAX_ATTRIBUTES = 16;
/** Element and attribute names; entity and processing-instruction names too, while they are read. */
export const MAL_IMPORT_MAX_NAME_CHARS = 64;
/** One text, CDATA section, comment or attribute value (a title is cut to 2,000 characters anyway). */
export const MAL_IMPORT_MAX_TEXT_CHARS = 1_000_000;
export const MAL_IMPORT_MAX_ELEMENTS = 1_000_000;
/*
 * What an import's answer echoes: at most this many entries in each of `matched`, `ambiguous`, `unmatched`
 * and `full` (the first in file order; `not_shown` counts the rest), and file titles cut to this many
 * characters, the last of them "…".
 */
export const MAL_REPORT_MAX_ENTRIES = 200;
export const MAL_REPORT_MAX_TITLE_CHARS = 200;

/* MyAnimeList import errors, as the API answers them. */
export const MAL_NOT_AN_EXPORT = 'This file is not a MyAnimeList export.';
export const MAL_ANIME_EXPORT = 'This is an anime list. Export your manga list instead.';
export const MAL_FILE_TOO_LARGE = 'File too large (max 5 MB).';
/** A compressed file that inflates past the bound (a gzip bomb, say): refused as soon as it passes it. */
export const MAL_XML_TOO_LARGE = 'File too large (max 50 MB once decompressed).';
export const MAL_TOO_MANY_ENTRIES = 'Too many entries (max 20,000).';
/* Files no export looks like (see the shape limits above): each says what is wrong. */
export const MAL_NESTED_TOO_DEEP = `This file is not a MyAnimeList export: elements are nested more than ${MAL_IMPORT_MAX_DEPTH} deep.`;
export const MAL_TOO_MANY_ATTRIBUTES = `This file is not a MyAnimeList export: an element has more than ${MAL_IMPORT_MAX_ATTRIBUTES} attributes.`;
export const MAL_NAME_TOO_LONG = `This file is not a MyAnimeList export: a name is longer than ${MAL_IMPORT_MAX_NAME_CHARS} characters.`;
export const MAL_TEXT_TOO_LONG = `This file is not a MyAnimeList export: a text is longer than 1,000,000 characters.`;
export const MAL_TOO_MANY_ELEMENTS = `This file is not a MyAnimeList export: it has more than 1,000,000 elements.`;
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
  /** While the import's panel loads, the first time it is opened. */
  importOpening: 'Opening the import…',
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
  myScore: 'My score',
  chaptersInvalid: `Chapters: a whole number from ${MIN_CHAPTERS_READ} to ${MAX_CHAPTERS_READ.toLocaleString('en-US')}.`,
  noScore: 'No score',
  /** A few of a report's entries whose `my_score` was not a score: their scores were left out. */
  scoresIgnored: 'Scores left out (not a whole number from 0 to 10):',
  /** The same, counted in the import's summary: "Scores left out 3". */
  scoresLeftOut: 'Scores left out',
} as const;

/** The series page's Track panel, verbatim where the product says so. */
export const TRACK_TEXT = {
  heading: 'Track',
  logIn: 'Log in to track this series',
  addToList: 'Add to list',
  chooseList: 'Add to which list?',
  createFirst: 'Create a list and add',
  removeFromList: 'Remove from list',
  score: 'Score',
  noScore: 'No score',
  markCompleted: 'Mark as Completed',
  inNoList: 'Not in your lists yet.',
  updateFailed: "Couldn't update your reading lists. Please try again.",
  loadFailed: "Couldn't load your reading lists.",
  loading: 'Loading your lists…',
  listName: 'List name',
  creating: 'Creating…',
  /** The accessible name of "+1" beside the chapters field (it keeps the visible "+1"). */
  addChapter: '+1 chapter',
} as const;

/** What a screen reader hears once a personal score is saved: "“Title”: My score 8." or "“Title”: No score.". */
export function myScoreAnnouncement(title: string, score: number | null): string {
  return score === null
    ? `“${title}”: ${PROGRESS_TEXT.noScore}.`
    : `“${title}”: ${PROGRESS_TEXT.myScore} ${score}.`;
}

/** What the Track panel announces once a series is added to a list or removed from one. */
export function trackAddedText(listName: string): string {
  return `Added to “${listName}”.`;
}
export function trackRemovedText(listName: string): string {
  return `Removed from “${listName}”.`;
}

/** "12 / 150", or "12" while the series' chapter count is unknown. */
export function progressText(chaptersRead: number, chapters: number | null): string {
  return chapters === null ? String(chaptersRead) : `${chaptersRead} / ${chapters}`;
}

/** "Import N series" / "Imported N series." */
export function importSeriesLabel(count: number): string {
  return `Import ${count} series`;
}
export function importedSeriesText(count: number): string {
  return `Imported ${count} series.`;
}
/** Under a preview list the answer cut short (see MAL_REPORT_MAX_ENTRIES): "1034 more not shown." */
export function moreNotShownText(count: number): string {
  return `${count} more not shown.`;
}
