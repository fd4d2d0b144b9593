import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LIST_NAME_MAX_LENGTH, MAX_LISTS_PER_USER } from '../../../contract/reading-lists';
import {
  DEFAULT_READING_STATUS,
  MAX_CHAPTERS_READ,
  MAX_PERSONAL_SCORE,
  MIN_CHAPTERS_READ,
  MIN_PERSONAL_SCORE,
  READING_STATUSES,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';
import { series } from './series';
import { users } from './users';

export const readingLists = pgTable(
  'reading_lists',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * Which of the user's list places (1..MAX_LISTS_PER_USER) the list takes. Unique per user and checked,
     * so the database itself refuses a list past the cap, whatever the concurrency: two simultaneous
     * creates cannot both take the last free place.
     */
    slot: smallint('slot').notNull(),
    /** Present only while the list is shared; unsharing deletes it, so old links stop working. */
    shareToken: text('share_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reading_lists_user_idx').on(t.userId, t.id),
    uniqueIndex('reading_lists_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('reading_lists_share_token_idx').on(t.shareToken),
    uniqueIndex('reading_lists_user_slot_idx').on(t.userId, t.slot),
    check('reading_lists_slot_check', sql`${t.slot} between 1 and ${sql.raw(String(MAX_LISTS_PER_USER))}`),
    check(
      'reading_lists_name_length_check',
      sql`char_length(${t.name}) between 1 and ${sql.raw(String(LIST_NAME_MAX_LENGTH))}`,
    ),
  ],
);

export const readingListItems = pgTable(
  'reading_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => readingLists.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the reader is with the series; one of READING_STATUSES (checked). */
    readingStatus: text('reading_status').$type<ReadingStatus>().notNull().default(DEFAULT_READING_STATUS),
    chaptersRead: integer('chapters_read').notNull().default(0),
    /**
     * The reader's own score of the series, MIN_PERSONAL_SCORE..MAX_PERSONAL_SCORE (checked), or null for
     * none. Apart from the category votes: it never counts in the ranking.
     */
    score: smallint('score'),
    /** When the reader started and finished the series (a calendar date; the library API sets them). */
    startedOn: date('started_on', { mode: 'string' }),
    finishedOn: date('finished_on', { mode: 'string' }),
    /** The last change to the item (added, progress, dates). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.seriesId] }),
    check(
      'reading_list_items_reading_status_check',
      sql`${t.readingStatus} in (${sql.raw(READING_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
    check(
      'reading_list_items_chapters_read_check',
      sql`${t.chaptersRead} between ${sql.raw(String(MIN_CHAPTERS_READ))} and ${sql.raw(String(MAX_CHAPTERS_READ))}`,
    ),
    check(
      'reading_list_items_score_check',
      sql`${t.score} between ${sql.raw(String(MIN_PERSONAL_SCORE))} and ${sql.raw(String(MAX_PERSONAL_SCORE))}`,
    ),
    check(
      'reading_list_items_dates_check',
      sql`${t.finishedOn} is null or ${t.startedOn} is null or ${t.finishedOn} >= ${t.startedOn}`,
    ),
    index('reading_list_items_list_added_idx').on(t.listId, t.addedAt),
    index('reading_list_items_series_idx').on(t.seriesId),
  ],
);

export type ReadingList = typeof readingLists.$inferSelect;
export type ReadingListItem = typeof readingListItems.$inferSelect;
