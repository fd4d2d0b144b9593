import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const forumThreads = pgTable(
  'forum_threads',
  {
    id: serial('id').primaryKey(),
    /** null once the author deleted their account: the thread stays, shown as "Anonymous". */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    locked: boolean('locked').notNull().default(false),
    latestFirst: boolean('latest_first').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    /** Kept in the transaction of every post written or deleted, so the list never counts posts. */
    postCount: integer('post_count').notNull().default(0),
    /**
     * The title lower-cased, searched by substring with a trigram index. Stored: computing it per row at
     * query time costs more than the scan itself.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${forumThreads.title})`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastPostAt: timestamp('last_post_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_threads_listing_idx').on(t.pinned.desc(), t.lastPostAt.desc(), t.id.desc()),
    index('forum_threads_author_idx').on(t.authorId),
    index('forum_threads_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type ForumThread = typeof forumThreads.$inferSelect;
