import { index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { forumThreads } from './forum-threads';
import { series } from './series';

/** Series a thread references (its header and the thread list show them), in the order given. */
export const forumThreadSeries = pgTable(
  'forum_thread_series',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.seriesId] }),
    index('forum_thread_series_series_idx').on(t.seriesId),
  ],
);
