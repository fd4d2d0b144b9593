import { relations } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { series } from './series';
import { users } from './users';

export const forumThreads = pgTable(
  'forum_threads',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    locked: boolean('locked').notNull().default(false),
    latestFirst: boolean('latest_first').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    postCount: integer('post_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastPostAt: timestamp('last_post_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_threads_listing_idx').on(t.pinned.desc(), t.lastPostAt.desc(), t.id.desc()),
    index('forum_threads_author_idx').on(t.authorId),
  ],
);

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => forumPosts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    contentMarkdown: text('content_markdown').notNull(),
    heartCount: integer('heart_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_posts_thread_idx').on(t.threadId, t.createdAt, t.id),
    index('forum_posts_parent_idx').on(t.parentId),
  ],
);

/** Series referenced by a thread (shown in its header and on the thread list). */
export const forumThreadSeries = pgTable(
  'forum_thread_series',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.seriesId] }),
    index('forum_thread_series_series_idx').on(t.seriesId),
  ],
);

/** Series mentioned in a post. */
export const forumPostSeries = pgTable(
  'forum_post_series',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.seriesId] }),
    index('forum_post_series_series_idx').on(t.seriesId),
  ],
);

export const forumHearts = pgTable(
  'forum_hearts',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const forumMedia = pgTable(
  'forum_media',
  {
    id: serial('id').primaryKey(),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => forumPosts.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forum_media_thread_idx').on(t.threadId)],
);

export const forumThreadsRelations = relations(forumThreads, ({ one, many }) => ({
  author: one(users, { fields: [forumThreads.authorId], references: [users.id] }),
  posts: many(forumPosts),
  seriesRefs: many(forumThreadSeries),
}));

export const forumPostsRelations = relations(forumPosts, ({ one, many }) => ({
  thread: one(forumThreads, { fields: [forumPosts.threadId], references: [forumThreads.id] }),
  author: one(users, { fields: [forumPosts.authorId], references: [users.id] }),
  parent: one(forumPosts, {
    fields: [forumPosts.parentId],
    references: [forumPosts.id],
    relationName: 'replies',
  }),
  replies: many(forumPosts, { relationName: 'replies' }),
  seriesRefs: many(forumPostSeries),
  hearts: many(forumHearts),
}));

export const forumThreadSeriesRelations = relations(forumThreadSeries, ({ one }) => ({
  thread: one(forumThreads, { fields: [forumThreadSeries.threadId], references: [forumThreads.id] }),
  series: one(series, { fields: [forumThreadSeries.seriesId], references: [series.id] }),
}));

export const forumPostSeriesRelations = relations(forumPostSeries, ({ one }) => ({
  post: one(forumPosts, { fields: [forumPostSeries.postId], references: [forumPosts.id] }),
  series: one(series, { fields: [forumPostSeries.seriesId], references: [series.id] }),
}));

export const forumHeartsRelations = relations(forumHearts, ({ one }) => ({
  post: one(forumPosts, { fields: [forumHearts.postId], references: [forumPosts.id] }),
  user: one(users, { fields: [forumHearts.userId], references: [users.id] }),
}));

export type ForumThread = typeof forumThreads.$inferSelect;
export type ForumPost = typeof forumPosts.$inferSelect;
