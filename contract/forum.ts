import { z } from 'zod';
import { SERIES_STATUSES, SERIES_TYPES } from './catalogue';
import {
  bodyIdList,
  cursorId,
  emptyIfBlank,
  isBlankText,
  optionalBodyId,
  pageQuery,
  pathId,
  requiredText,
} from './http';
import {
  cleanThreadTitle,
  FORUM_API_TEXTS,
  FORUM_CATALOGUE_MAX_PAGE_SIZE,
  FORUM_CATALOGUE_PAGE_SIZE,
  FORUM_ERROR_CODES,
  FORUM_MAX_PAGE_SIZE,
  FORUM_PAGE_SIZE,
  FORUM_POST_MAX_LENGTH,
  FORUM_SEARCH_MAX_LENGTH,
  FORUM_TITLE_MAX_LENGTH,
  MENTION_QUERY_MAX_LENGTH,
  MENTION_RESULTS_MAX,
} from './forum-values';

/*
 * The forum's part of the contract (docs/api.md, Forum): threads, posts, likes, the mention search and image
 * uploads. The limits, texts and helpers are in ./forum-values, re-exported here.
 *
 * Required texts are optional in the body schemas on purpose: the contract answers a missing or blank
 * title, content or reply with its own 422 text ("Title and content are required.", "Reply cannot be
 * empty.", ...), which the API gives after trimming, not zod's generic message.
 */

export * from './forum-values';

/* Shapes. */

export const forumSeriesRefSchema = z.object({
  series_id: z.number().int(),
  title: z.string(),
  cover_url: z.string().nullable(),
  type: z.enum(SERIES_TYPES),
  status: z.enum(SERIES_STATUSES).nullable(),
});
export type ForumSeriesRef = z.infer<typeof forumSeriesRefSchema>;

export const threadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author_username: z.string().nullable().describe('null once the author deleted their account ("Anonymous")'),
  created_at: z.string(),
  updated_at: z.string().describe('Last change of the thread or of any of its posts (ISO 8601)'),
  last_post_at: z.string().describe('When the latest post was written; the list orders by it'),
  post_count: z.number().int().describe('Posts in the thread, the original post included'),
  locked: z.boolean(),
  latest_first: z.boolean(),
  pinned: z.boolean(),
  settings: z
    .object({ latest_first: z.boolean() })
    .describe('The same ordering flag, as older clients read it'),
  series_refs: z.array(forumSeriesRefSchema).describe('Series the thread references, in the order given'),
  viewer_following: z
    .boolean()
    .default(false)
    .describe('Whether the caller follows the thread (in lists too); false for visitors'),
});
export type Thread = z.infer<typeof threadSchema>;

export const postSchema = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  parent_id: z.number().int().nullable().describe('null for a top-level post'),
  author_username: z.string().nullable().describe('null once the author deleted their account ("Anonymous")'),
  content_markdown: z.string().describe('Untrusted markdown: sanitize when rendering'),
  created_at: z.string(),
  updated_at: z.string(),
  edited_at: z
    .string()
    .nullable()
    .describe('When its text last changed (ISO 8601); null until the first edit'),
  heart_count: z.number().int(),
  viewer_has_hearted: z.boolean().describe('Whether the caller likes the post; false for visitors'),
  series_refs: z.array(forumSeriesRefSchema).describe('Series the post mentions'),
});
export type Post = z.infer<typeof postSchema>;

/** An earlier version of a post, with its own time: when it became the post's text. */
export const postRevisionSchema = z.object({
  content_markdown: z.string().describe('Untrusted markdown: sanitize when rendering'),
  edited_at: z.string().describe("When this version became the post's text (ISO 8601)"),
});
export type PostRevision = z.infer<typeof postRevisionSchema>;
/** GET /forum/threads/{id}/posts/{postId}/revisions: earlier versions, newest first. */
export const postRevisionsSchema = z.array(postRevisionSchema);

/** GET /forum/threads: an array (older clients expect one); the total is in `X-Total-Count`. */
export const threadListSchema = z.array(threadSchema);

/** GET /forum/threads/{id}: the thread and every post, oldest first (the first is the original post). */
export const threadDetailSchema = z.object({ thread: threadSchema, posts: z.array(postSchema) });
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

/**
 * GET /forum/catalogue (additive): every thread with its posts as a visitor reads it, in id order, paged by
 * the last id read, so a static build reads the whole forum in a few requests.
 */
export const forumCatalogueQuery = z.object({
  after_id: cursorId.default(0).describe('Start after this thread id (the last one of the previous page)'),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(FORUM_CATALOGUE_MAX_PAGE_SIZE)
    .default(FORUM_CATALOGUE_PAGE_SIZE),
});
export const forumCataloguePageSchema = z.object({
  items: z.array(threadDetailSchema),
  has_more: z.boolean(),
});

export const likeResultSchema = z.object({
  count: z.number().int().describe("The post's like count after the toggle"),
  hearted: z.boolean().describe('Whether the caller likes the post now'),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

export const lockResultSchema = z.object({ id: z.number().int(), locked: z.boolean() });
export const settingsResultSchema = z.object({ id: z.number().int(), latest_first: z.boolean() });
export const pinResultSchema = z.object({ id: z.number().int(), pinned: z.boolean() });
export type LockResult = z.infer<typeof lockResultSchema>;
export type SettingsResult = z.infer<typeof settingsResultSchema>;
export type PinResult = z.infer<typeof pinResultSchema>;

export const mentionResultSchema = z.object({
  series_id: z.number().int(),
  title: z.string(),
  cover_url: z.string().nullable(),
});
export const mentionResultsSchema = z.array(mentionResultSchema);
export type MentionResult = z.infer<typeof mentionResultSchema>;

export const mediaUploadResultSchema = z.object({
  url: z.string().describe('Absolute URL of the stored, re-encoded image'),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.string().describe('image/webp, or image/gif for a GIF (kept animated)'),
  size: z.number().int().describe('Bytes of the stored file'),
});
export type MediaUploadResult = z.infer<typeof mediaUploadResultSchema>;

/** GET /forum/feed.xml: Atom 1.0 (additive call). */
export const forumFeedSchema = z.string().describe('application/atom+xml: the most recently active threads');

/* Requests. */

/**
 * `series_ids`: numbers in JSON; in a form, a repeated field or one comma-separated value. Empty means none.
 */
export const seriesIdsField = bodyIdList.describe(
  'Series ids (JSON numbers, or repeated / comma-separated form fields of decimal digits)',
);

/** Optional parent: a post id; none, null or 0 (as older clients send it) for a top-level reply. */
export const parentIdField = z
  .preprocess((value) => (value === 0 || value === '0' ? undefined : value), optionalBodyId)
  .describe('The post replied to; absent, null or 0 for a top-level reply');

/**
 * Required texts are checked by the API with the contract's own texts; text that shows nothing (only
 * invisible characters once trimmed and, for a title, stripped of its heading marker) reaches it as ''.
 */
const titleField = z
  .string()
  .max(FORUM_TITLE_MAX_LENGTH * 2)
  .overwrite((title) => (isBlankText(cleanThreadTitle(title)) ? '' : title))
  .optional();
const markdownField = z
  .string()
  .max(FORUM_POST_MAX_LENGTH * 2)
  .overwrite(emptyIfBlank)
  .optional();

/** A form's "true"/"false" or a JSON boolean. */
const booleanField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    if (text === 'true' || text === '1' || text === 'on') return true;
    if (text === 'false' || text === '0' || text === 'off') return false;
    return value;
  },
  z.boolean({ error: 'must be true or false' }),
);

export const createThreadBody = z.object({
  title: titleField.describe(
    `Trimmed; a leading "#" heading marker is stripped; 1-${FORUM_TITLE_MAX_LENGTH} characters`,
  ),
  first_post_markdown: markdownField.describe(
    `The original post; trimmed, 1-${FORUM_POST_MAX_LENGTH} characters`,
  ),
  series_ids: seriesIdsField,
});
export type CreateThreadBody = z.input<typeof createThreadBody>;

export const updateThreadBody = z.object({
  title: titleField,
  first_post_markdown: markdownField,
  series_ids: seriesIdsField,
});
export type UpdateThreadBody = z.input<typeof updateThreadBody>;

export const createPostBody = z.object({
  content_markdown: markdownField.describe(`Trimmed, 1-${FORUM_POST_MAX_LENGTH} characters`),
  parent_id: parentIdField,
  series_ids: seriesIdsField,
});
export type CreatePostBody = z.input<typeof createPostBody>;

export const updatePostBody = z.object({
  content_markdown: markdownField,
  series_ids: seriesIdsField,
});
export type UpdatePostBody = z.input<typeof updatePostBody>;

export const lockBody = z.object({ locked: booleanField });
export const settingsBody = z.object({ latest_first: booleanField });
export const pinBody = z.object({ pinned: booleanField });

export const threadListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(FORUM_SEARCH_MAX_LENGTH)
    .optional()
    .describe('Words searched in titles, ignoring case; every word must match'),
  author: z.string().trim().max(64).optional().describe("Only this user's threads (username, any case)"),
  ...pageQuery(FORUM_PAGE_SIZE, FORUM_MAX_PAGE_SIZE),
});
export type ThreadListQuery = z.infer<typeof threadListQuery>;

export const mentionSearchQuery = z.object({
  q: requiredText('Query is required')
    .max(MENTION_QUERY_MAX_LENGTH)
    .describe('Start of, or words in, a series title (from 1 character)'),
  limit: z.coerce.number().int().min(1).max(MENTION_RESULTS_MAX).default(MENTION_RESULTS_MAX),
});
export type MentionSearchQuery = z.infer<typeof mentionSearchQuery>;

/** The text fields of POST /forum/media/upload; the API adds the `file` part. */
export const mediaUploadFields = {
  thread_id: optionalBodyId.describe(
    'The thread the image belongs to; left out for a thread being written (the image is then claimed by the ' +
      "first of the uploader's threads or posts that shows it)",
  ),
  post_id: optionalBodyId.describe('The post the image belongs to, when it is for an existing post'),
};

const threadId = pathId({ detail: FORUM_API_TEXTS.threadNotFound, code: FORUM_ERROR_CODES.threadNotFound });
const postId = pathId({ detail: FORUM_API_TEXTS.postNotFound, code: FORUM_ERROR_CODES.postNotFound });

/** `/forum/threads/{id}` path parameters. */
export const threadIdParams = z.object({ id: threadId });

/** `/forum/threads/{id}/posts/{postId}` path parameters, for a post of a thread that must exist. */
export const threadPostParams = z.object({ id: threadId, postId });

/**
 * `/forum/threads/{id}/posts/{postId}` path parameters where the pair names a post (its like, its history):
 * no such thread is no such post, "Post not found".
 */
export const postParams = z.object({ id: postId, postId });
