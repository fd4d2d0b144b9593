import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, type ListItem } from '../../contract/reading-lists';

/**
 * A list as CSV (RFC 4180, with a header row): title, type, status, rank, score, votes and the series'
 * page. Cells that a spreadsheet would run as a formula (=, +, -, @ ...) are escaped, since titles are
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
    ]),
    { header: true, columns: [...CSV_COLUMNS], escape_formulas: true, record_delimiter: 'windows' },
  );
}

/** A file name for the download: the list's name reduced to safe characters. */
export function csvFileName(listName: string): string {
  const stem = listName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 50);
  return `${stem || 'reading-list'}.csv`;
}

/** A list's CSV download: the file's name and its text. */
export interface ListCsv {
  fileName: string;
  csv: string;
}

export function listCsv(listName: string, items: ListItem[], siteUrl: string): ListCsv {
  return { fileName: csvFileName(listName), csv: itemsCsv(items, siteUrl) };
}
