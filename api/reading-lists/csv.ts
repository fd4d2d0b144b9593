import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, type ListItem } from '../../contract/reading-lists';

/**
 * A list as CSV (RFC 4180, with a header row): title, type, status, rank, score, votes, the series' page,
 * then the reader's status, chapters read and own score. `score` is the series' final score, as it always
 * was (older readers of these files take it so); the reader's score is the last column, `my_score`, empty
 * for none. Cells that a spreadsheet would run as a formula (=, +, -, @ ...) are escaped, since titles are
 * typed by people.
 */
export function itemsCsv(items: ListItem[], siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  return stringify(
    items.map((item) => [
      item.title,
      item.type,
      item.status ?? '',
      item.rank ?? '',
      item.vote_count > 0 ? item.final_score.toFixed(3) : '',
      item.vote_count,
      `${site}/series/${item.series_id}`,
      item.reading_status,
      item.chapters_read,
      item.score ?? '',
    ]),
    { header: true, columns: [...CSV_COLUMNS], escape_formulas: true, record_delimiter: 'windows' },
  );
}

/** A file name for a download of the list: its name reduced to safe characters, then the extension. */
export function listFileName(listName: string, extension: 'csv' | 'xml'): string {
  const stem = listName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 50);
  return `${stem || 'reading-list'}.${extension}`;
}

/** A list's CSV download: the file's name and its text. */
export interface ListCsv {
  fileName: string;
  csv: string;
}

export function listCsv(listName: string, items: ListItem[], siteUrl: string): ListCsv {
  return { fileName: listFileName(listName, 'csv'), csv: itemsCsv(items, siteUrl) };
}
