import {
  MAL_NO_SCORE,
  READING_STATUS_LABELS,
  READING_STATUSES,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';

/** One list item as MyAnimeList's export format carries it. */
export interface MalExportItem {
  malId: number | null;
  title: string;
  readingStatus: ReadingStatus;
  chaptersRead: number;
  /** The reader's own score, 1-10; null for none (written as MyAnimeList's 0). */
  score: number | null;
  /** The series' published chapters; null when unknown (written as 0, as MyAnimeList does). */
  chapters: number | null;
}

/** `<myinfo>`'s per-status totals, named as MyAnimeList names them. */
const TOTAL_TAGS: Record<ReadingStatus, string> = {
  READING: 'user_total_reading',
  COMPLETED: 'user_total_completed',
  ON_HOLD: 'user_total_onhold',
  DROPPED: 'user_total_dropped',
  PLAN_TO_READ: 'user_total_plantoread',
};

/**
 * A list in MyAnimeList's manga export format, with every field MyAnimeList itself writes, so importers
 * built for its files (other trackers, MyAnimeList's own) take it: titles in CDATA, `manga_mangadb_id` 0
 * for a series with no known MyAnimeList id, `my_score` the reader's own score (0 for none, as MyAnimeList
 * writes it; the category votes are not this score), `manga_chapters` the series' published chapters (0 when
 * unknown) and `update_on_import` 1.
 */
export function writeMalExport(items: readonly MalExportItem[]): string {
  const totals = READING_STATUSES.map(
    (status) =>
      `    <${TOTAL_TAGS[status]}>${items.filter((item) => item.readingStatus === status).length}</${TOTAL_TAGS[status]}>`,
  );
  const entries = items.map(
    (item) => `  <manga>
    <manga_mangadb_id>${item.malId ?? 0}</manga_mangadb_id>
    <manga_title>${cdata(item.title)}</manga_title>
    <manga_volumes>0</manga_volumes>
    <manga_chapters>${item.chapters ?? 0}</manga_chapters>
    <my_id>0</my_id>
    <my_read_volumes>0</my_read_volumes>
    <my_read_chapters>${item.chaptersRead}</my_read_chapters>
    <my_start_date>0000-00-00</my_start_date>
    <my_finish_date>0000-00-00</my_finish_date>
    <my_scanalation_group><![CDATA[]]></my_scanalation_group>
    <my_score>${item.score ?? MAL_NO_SCORE}</my_score>
    <my_storage></my_storage>
    <my_status>${READING_STATUS_LABELS[item.readingStatus]}</my_status>
    <my_comments><![CDATA[]]></my_comments>
    <my_times_read>0</my_times_read>
    <my_tags><![CDATA[]]></my_tags>
    <my_reread_value></my_reread_value>
    <update_on_import>1</update_on_import>
  </manga>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<myanimelist>',
    '  <myinfo>',
    '    <user_export_type>2</user_export_type>',
    `    <user_total_manga>${items.length}</user_total_manga>`,
    ...totals,
    '  </myinfo>',
    ...entries,
    '</myanimelist>',
    '',
  ].join('\n');
}

/**
 * Text as CDATA: characters XML 1.0 cannot carry at all are dropped, and a `]]>` inside the text is split
 * across two sections, so no title can close its section early.
 */
function cdata(text: string): string {
  const clean = text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
  return `<![CDATA[${clean.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}
