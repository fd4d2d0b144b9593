import {
  cleanThreadTitle,
  FORUM_API_TEXTS as TEXTS,
  FORUM_ERROR_CODES as CODES,
  FORUM_POST_MAX_LENGTH,
  FORUM_TITLE_MAX_LENGTH,
  MAX_SERIES_MENTIONS,
  MAX_THREAD_SERIES_REFS,
  mentionedSeriesIds,
} from '../../contract/forum';
import { httpError, ValidationHttpError, type HttpError } from '../http-error';
import type { UploadedFile } from '../plugins/forms';
import { containsProfanity } from './profanity';

/*
 * The forum's input rules (limits in contract/forum-values.ts): trimmed texts with the contract's own 422
 * texts, the series caps, and profanity. Series ids are checked for existence later, against the database.
 */

export function profanityError(message: string): HttpError {
  return httpError(400, message, { code: CODES.profanity, detailObject: { code: 'PROFANITY', message } });
}

function tooLong(field: string, message: string): never {
  throw new ValidationHttpError([{ field, message }], message);
}

function checkTitle(raw: string | undefined): string {
  const title = cleanThreadTitle(raw ?? '');
  if (title.length > FORUM_TITLE_MAX_LENGTH) tooLong('title', TEXTS.titleTooLong);
  return title;
}

function checkContent(raw: string | undefined, field: string): string {
  const content = (raw ?? '').trim();
  if (content.length > FORUM_POST_MAX_LENGTH) tooLong(field, TEXTS.contentTooLong);
  return content;
}

function distinct(ids: number[] | undefined): number[] {
  return [...new Set(ids ?? [])];
}

function checkReferences(seriesIds: number[] | undefined): number[] {
  const ids = distinct(seriesIds);
  if (ids.length > MAX_THREAD_SERIES_REFS) {
    throw httpError(400, TEXTS.tooManyRefs, { code: CODES.tooManyRefs });
  }
  return ids;
}

function checkThreadMentions(content: string): number[] {
  const ids = mentionedSeriesIds(content);
  if (ids.length > MAX_SERIES_MENTIONS) {
    throw httpError(400, TEXTS.tooManyMentions, { code: CODES.tooManyMentions });
  }
  return ids;
}

export interface ThreadInput {
  title: string;
  content: string;
  seriesIds: number[];
  mentionIds: number[];
}

/** POST /forum/threads: both texts required, at most 10 references and 10 mentions, no profanity. */
export function checkNewThread(body: {
  title?: string | undefined;
  first_post_markdown?: string | undefined;
  series_ids?: number[] | undefined;
}): ThreadInput {
  const title = checkTitle(body.title);
  const content = checkContent(body.first_post_markdown, 'first_post_markdown');
  if (!title || !content) {
    const missing = [!title && 'title', !content && 'first_post_markdown'].filter(Boolean) as string[];
    throw new ValidationHttpError(
      missing.map((field) => ({ field, message: TEXTS.titleAndContentRequired })),
      TEXTS.titleAndContentRequired,
    );
  }
  const seriesIds = checkReferences(body.series_ids);
  const mentionIds = checkThreadMentions(content);
  if (containsProfanity(title, content)) throw profanityError(TEXTS.threadProfanity);
  return { title, content, seriesIds, mentionIds };
}

/** PATCH /forum/threads/{id}: the fields sent follow the same rules; a sent text cannot be blank. */
export function checkThreadChanges(body: {
  title?: string | undefined;
  first_post_markdown?: string | undefined;
  series_ids?: number[] | undefined;
}): Partial<ThreadInput> {
  const title = body.title === undefined ? undefined : checkTitle(body.title);
  const content =
    body.first_post_markdown === undefined
      ? undefined
      : checkContent(body.first_post_markdown, 'first_post_markdown');
  if (title === '' || content === '') {
    const field = title === '' ? 'title' : 'first_post_markdown';
    throw new ValidationHttpError(
      [{ field, message: TEXTS.titleAndContentRequired }],
      TEXTS.titleAndContentRequired,
    );
  }
  const seriesIds = body.series_ids === undefined ? undefined : checkReferences(body.series_ids);
  const mentionIds = content === undefined ? undefined : checkThreadMentions(content);
  if (containsProfanity(title ?? '', content ?? '')) throw profanityError(TEXTS.threadProfanity);
  return { title, content, seriesIds, mentionIds };
}

/**
 * An image upload's form: a `post_id` needs its `thread_id`, and a file is required (an empty one counts as
 * none, unless it was cut short at the route's byte limit: that one is refused as too large).
 */
export function checkUploadForm(form: {
  thread_id?: number | undefined;
  post_id?: number | undefined;
  file?: UploadedFile | undefined;
}): UploadedFile {
  if (form.post_id !== undefined && form.thread_id === undefined) {
    throw new ValidationHttpError(
      [{ field: 'thread_id', message: TEXTS.postNeedsThread }],
      TEXTS.postNeedsThread,
    );
  }
  const { file } = form;
  if (!file || (file.bytes.length === 0 && !file.truncated)) {
    throw new ValidationHttpError([{ field: 'file', message: TEXTS.fileRequired }], TEXTS.fileRequired);
  }
  return file;
}

/**
 * A reply or a post edit: trimmed content, not blank (`emptyText`), at most 10 distinct series between
 * the ids sent and the `series:` links in the text, no profanity.
 */
export function checkPostInput(
  body: { content_markdown?: string | undefined; series_ids?: number[] | undefined },
  emptyText: string,
): { content: string; mentionIds: number[] } {
  const content = checkContent(body.content_markdown, 'content_markdown');
  if (!content) throw new ValidationHttpError([{ field: 'content_markdown', message: emptyText }], emptyText);
  const mentionIds = distinct([...(body.series_ids ?? []), ...mentionedSeriesIds(content)]);
  if (mentionIds.length > MAX_SERIES_MENTIONS) {
    throw httpError(400, TEXTS.tooManyReplyMentions, { code: CODES.tooManyMentions });
  }
  if (containsProfanity(content)) throw profanityError(TEXTS.replyProfanity);
  return { content, mentionIds };
}
