/*
 * The forum's values: limits, the pinned thread's title, every text the API and the forum screens show
 * (docs/features/forum.md) and the small pure helpers both sides apply the same way (title clean-up,
 * mentioned series). Imports nothing but ./http-values, so browser code can use it without pulling zod into
 * its bundle; the schemas are in ./forum.ts, which re-exports all of this.
 */

import { isPossibleSerialId } from './http-values';

/* Limits. */

/** Threads one user may have at a time. */
export const MAX_THREADS_PER_USER = 10;
/** Series a thread references (`series_ids` of a thread). */
export const MAX_THREAD_SERIES_REFS = 10;
/** Distinct series mentioned (`series:{id}` links) in a thread's body or in one reply. */
export const MAX_SERIES_MENTIONS = 10;
/** Bounds a title to keep headers and link previews readable. */
export const FORUM_TITLE_MAX_LENGTH = 200;
/** Bounds a post to keep a 300-post thread page light. */
export const FORUM_POST_MAX_LENGTH = 20_000;
/** Thread list: default page size, and the largest older clients ask for (1000, to count their threads). */
export const FORUM_PAGE_SIZE = 20;
export const FORUM_MAX_PAGE_SIZE = 1000;
export const FORUM_SEARCH_MAX_LENGTH = 200;
/** GET /forum/catalogue (static builds): threads a page, each with every post. */
export const FORUM_CATALOGUE_PAGE_SIZE = 50;
export const FORUM_CATALOGUE_MAX_PAGE_SIZE = 100;
/** Mention search (`/forum/series-search`): from 1 character, at most 10 results. */
export const MENTION_QUERY_MIN_LENGTH = 1;
export const MENTION_QUERY_MAX_LENGTH = 200;
export const MENTION_RESULTS_MAX = 10;

/** Uploads, by bytes: PNG/JPEG/WebP at most 300 KB and 1024×1024, GIF 1 MB and 512×512. */
export const FORUM_IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'gif'] as const;
export type ForumImageFormat = (typeof FORUM_IMAGE_FORMATS)[number];
export const FORUM_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
export const FORUM_IMAGE_MAX_BYTES = 307_200;
export const FORUM_GIF_MAX_BYTES = 1_048_576;
export const FORUM_IMAGE_MAX_SIDE = 1024;
export const FORUM_GIF_MAX_SIDE = 512;
/**
 * Frames of an animated GIF. Bytes alone would let 1 MB of one-pixel changes carry about 45,000 frames,
 * and re-encoding costs about 13 ms a frame at 512×512: this keeps one upload to a few seconds of CPU,
 * far above what a reaction GIF needs (300 frames is 30 s at 10 frames a second).
 */
export const FORUM_GIF_MAX_FRAMES = 300;

/* Thread page. */
export const REPLY_MAX_INDENT_DEPTH = 6;
export const REPLY_INDENT_PX = 16;
export const REPLY_DEPTH_COLOURS = 6;
export const DELETE_PREVIEW_LENGTH = 140;
export const THREAD_DESCRIPTION_LENGTH = 155;
export const STRUCTURED_DATA_TEXT_LENGTH = 10_000;

/** The pinned thread of the demo data and of every fresh site. */
export const PINNED_THREAD_TITLE = 'Patch Notes & Site Updates';

/* What the API answers (docs/api.md, Forum), verbatim. */
export const FORUM_API_TEXTS = {
  titleAndContentRequired: 'Title and content are required.',
  tooManyRefs: `You can reference up to ${MAX_THREAD_SERIES_REFS} series only.`,
  tooManyMentions: `You can mention up to ${MAX_SERIES_MENTIONS} series.`,
  tooManyReplyMentions: `You can mention up to ${MAX_SERIES_MENTIONS} series per reply.`,
  threadLimit: `Thread limit reached (${MAX_THREADS_PER_USER}). Delete an existing thread to create a new one.`,
  threadProfanity: 'Thread contains inappropriate language.',
  replyProfanity: 'Reply contains inappropriate language.',
  /** A thread edit with no more specific text. */
  profanity: 'Contains inappropriate language.',
  creatingTooFast: "You're creating threads too fast",
  postingTooFast: "You're posting too fast",
  threadNotFound: 'Thread not found',
  postNotFound: 'Post not found',
  parentNotFound: 'Parent post not found',
  locked: 'This thread is locked by an admin.',
  replyEmpty: 'Reply cannot be empty.',
  contentEmpty: 'Content cannot be empty.',
  originalPostDelete: 'Delete the thread to remove the original post.',
  notYourThread: 'Only the author or an admin can change this thread.',
  notYourPost: 'Only the author or an admin can change this post.',
  notYourPostDelete: 'Only the author can delete this post here.',
  notYourPostHistory: "Only the post's author or an admin can see its edit history.",
  titleTooLong: `The title can be at most ${FORUM_TITLE_MAX_LENGTH} characters.`,
  contentTooLong: `A post can be at most ${FORUM_POST_MAX_LENGTH} characters.`,
  mentionQueryRequired: 'Query is required',
  unsupportedImage: 'Unsupported image type.',
  imageTooLarge: 'Image too large (max 300 KB).',
  gifTooLarge: 'GIF too large (max 1 MB).',
  imageDimensionsTooLarge: 'Image dimensions too large (max 1024×1024).',
  gifDimensionsTooLarge: 'GIF dimensions too large (max 512×512).',
  gifTooManyFrames: `GIF has too many frames (max ${FORUM_GIF_MAX_FRAMES}).`,
  fileRequired: 'Choose an image to upload.',
  postNeedsThread: 'A post_id needs the thread_id of its thread.',
} as const;

/** Codes of the forum's errors, next to `detail` (see contract/http.ts). */
export const FORUM_ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  tooManyRefs: 'TOO_MANY_SERIES_REFS',
  tooManyMentions: 'TOO_MANY_MENTIONS',
  threadLimit: 'THREAD_LIMIT_REACHED',
  profanity: 'PROFANITY',
  rateLimited: 'RATE_LIMITED',
  threadNotFound: 'THREAD_NOT_FOUND',
  postNotFound: 'POST_NOT_FOUND',
  parentNotFound: 'PARENT_POST_NOT_FOUND',
  locked: 'THREAD_LOCKED',
  originalPost: 'ORIGINAL_POST',
  forbidden: 'FORBIDDEN',
  unsupportedImage: 'UNSUPPORTED_IMAGE',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  imageDimensions: 'IMAGE_DIMENSIONS_TOO_LARGE',
} as const;

/* What the forum screens show, verbatim. */
export const FORUM_TEXT = {
  // Thread list and thread page.
  newThread: '+ New Thread',
  pinned: 'Pinned',
  locked: 'Locked',
  latestFirst: 'Latest updates first',
  reportIssue: 'Report issue',
  lock: 'Lock',
  unlock: 'Unlock',
  latestFirstButton: 'Latest first',
  oldestFirstButton: 'Oldest first',
  originalPost: 'Original post',
  anonymous: 'Anonymous',
  replyToThisReply: 'Reply to this reply',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  save: 'Save',
  postReply: 'Post Reply',
  replyHeading: 'Reply',
  addUpdateHeading: 'Add Update',
  lockedMessage: 'This thread is locked. Only admins can add new replies.',
  deleteConfirmTitle: 'Delete this post?',
  deleteConfirmBody: "This action can't be undone.",
  listNoLongerPublic: 'This list is no longer public',
  // Editor.
  listPickerLoading: 'Loading',
  listPickerEmpty: 'No lists yet.',
  privateBadge: 'Private',
  privateListAlert: 'This list is private. Open My Reading Lists → Share to create a public link.',
  imageHint: 'PNG/JPEG/WebP at most 300 KB and 1024×1024; GIF at most 1 MB and 512×512.',
  addImage: 'Add image',
  uploading: 'Uploading…',
  // Edit history.
  edited: 'edited',
  editHistory: 'Edit history',
  noEarlierVersions: 'No earlier versions.',
  historyFailed: 'The edit history could not be loaded.',
  tryAgain: 'Try again',
  // Toast titles and texts.
  cantPost: 'Can’t post',
  signInRequired: 'Sign in required',
  signInToReply: 'You need to be logged in to post a reply.',
  limitReached: 'Limit reached',
  mentionsCap: 'Mentions cap',
  missingInfo: 'Missing info',
  threadLimitTitle: 'Thread limit reached',
  threadLimitBody: `You've reached the limit of ${MAX_THREADS_PER_USER} threads.`,
  createFailedTitle: 'Create failed',
  createFailed: 'Failed to create thread.',
  saveFailedTitle: 'Save failed',
  saveFailed: 'Failed to save changes.',
  deleteFailedTitle: 'Delete failed',
  deleteThreadFailed: 'Failed to delete thread.',
  deletePostFailed: 'Failed to delete post.',
  actionFailedTitle: 'Action failed',
  toggleLockFailed: 'Failed to toggle lock.',
  orderingFailed: 'Failed to update ordering.',
  likeFailed: 'Could not update like.',
  postFailedTitle: 'Post failed',
  postFailed: 'Failed to post reply.',
  threadCreated: 'Thread created',
  threadUpdated: 'Thread updated',
  threadDeleted: 'Thread deleted',
  uploadBlocked: 'Upload blocked',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Upload failed.',
  editorSaveFailed: 'Failed to save.',
  genericError: 'An error occurred.',
  // Thread fallbacks.
  createThreadFallback: 'Failed to create thread',
  postReplyFallback: 'Failed to post reply',
  saveChangesFallback: 'Failed to save changes',
  updateThreadFallback: 'Failed to update thread',
} as const;

/** The 429 text with the wait the client read from Retry-After. */
export function rateLimitMessage(detail: string, retryAfterSeconds: number | undefined): string {
  return retryAfterSeconds && retryAfterSeconds > 0
    ? `${detail}; try again in ${retryAfterSeconds}s`
    : detail;
}

/** A title as stored: trimmed, with a leading markdown heading marker (`# `, `## `, ...) stripped. */
export function cleanThreadTitle(title: string): string {
  return title
    .trim()
    .replace(/^#{1,6}(?:\s+|$)/, '')
    .trim();
}

/**
 * The distinct series a markdown body mentions, in order of first mention: the targets of its
 * `[title](series:{id})` links (the editor inserts these). Ids outside PostgreSQL's integer range are
 * ignored: they cannot name a series.
 */
export function mentionedSeriesIds(markdown: string): number[] {
  const ids = new Set<number>();
  for (const match of markdown.matchAll(/\]\(\s*<?series:(\d{1,10})>?\s*\)/gi)) {
    const id = Number(match[1]);
    if (isPossibleSerialId(id)) ids.add(id);
  }
  return [...ids];
}
