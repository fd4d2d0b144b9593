import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, real, smallint } from 'drizzle-orm/pg-core';
import { series } from './series';

/**
 * "Readers also liked": for each series, up to six others most often rated highly by the same readers, in
 * order, as the scheduled job last computed them (a whole new set replaces the old in one transaction).
 */
export const seriesAlsoLiked = pgTable(
  'series_also_liked',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** 1 for the most alike. */
    position: smallint('position').notNull(),
    likedId: integer('liked_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** How alike, by the job's measure (higher is more); kept to explain an order, not shown. */
    similarity: real('similarity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.position] }),
    check('series_also_liked_position', sql`${t.position} between 1 and 6`),
  ],
);
