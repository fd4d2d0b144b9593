import { index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { forumPosts } from './forum-posts';
import { series } from './series';

/** Series a post mentions, in order of first mention. */
export const forumPostSeries = pgTable(
  'forum_post_series',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.seriesId] }),
    index('forum_post_series_series_idx').on(t.seriesId),
  ],
);
