import { z } from 'zod';
import { isPossibleSerialId, MAX_ID } from './http-values';

/*
 * The parts of the HTTP contract every feature shares: error bodies, machine-readable error codes, the
 * rate-limit text, ids in paths and in bodies, and what counts as empty text in a required field. Imports
 * nothing but zod, so the API, the site and outside clients can use it.
 */

/**
 * Stable machine-readable codes carried next to `detail` (additive to the contract), so clients branch on
 * them instead of matching English text. Features add their own codes in their contract module.
 */
export const COMMON_ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'NOT_AUTHENTICATED',
  'INVALID_TOKEN',
  'ADMIN_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];

export const NOT_AUTHENTICATED = 'Not authenticated';
export const INVALID_CREDENTIALS_TOKEN = 'Could not validate credentials';
export const ADMIN_REQUIRED = 'Admin access required';
export const TOO_MANY_REQUESTS = 'Too many requests. Please slow down.';

/** One field-level problem of a 422 answer. */
export const fieldErrorSchema = z.object({
  field: z.string().describe('Dotted path of the field; empty for the body as a whole'),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The profanity answer's `detail` (the one exception to a string detail). */
export const profanityDetailSchema = z.object({ code: z.literal('PROFANITY'), message: z.string() });

/** Every 4xx/5xx answer: `{detail, code}`. */
export const errorSchema = z.looseObject({
  detail: z.union([z.string(), profanityDetailSchema]).describe('Human-readable text (profanity: an object)'),
  code: z.string().optional().describe('Stable machine-readable error code (additive)'),
});
export type ErrorBody = z.infer<typeof errorSchema>;

/** 422: `detail` names the first problem, `errors` lists all of them. */
export const validationErrorSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  errors: z.array(fieldErrorSchema),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

export * from './http-values';

/**
 * The code of the last line of defence: a value the database refused as out of range or malformed (SQLSTATE
 * class 22) answers 400 with it, never a 500. Every input is meant to be checked before it gets there.
 */
export const VALUE_OUT_OF_RANGE_CODE = 'VALUE_OUT_OF_RANGE';
export const VALUE_OUT_OF_RANGE = 'A value in the request is out of range.';

/**
 * How an id is spelled in a path or a query: a canonical decimal integer (no sign, exponent, hex, leading
 * zeros or spaces), so `/series/0x10` or `/series/1e3` never reach series 16 or 1000. Anything else is a 422.
 */
const decimalId = z
  .string()
  .regex(/^(0|[1-9]\d{0,18})$/, 'must be a decimal integer')
  .transform(Number);

/** What a route answers (404) for an id that names nothing: the contract's text and code for it. */
export interface NotFoundAnswer {
  detail: string;
  code: string;
}

/**
 * An id in a path, naming a row of one kind: spelled as `decimalId` (else 422), and one a row can have
 * (isPossibleSerialId: 1 to MAX_ID). Any other id (0, one past the `integer` columns' range) names nothing,
 * so it is refused here with the route's own not-found answer, exactly as an id no row has: 404 `{detail,
 * code}` (api/plugins/errors.ts), before the handler and before any query.
 */
export function pathId(notFound: NotFoundAnswer) {
  return decimalId
    .refine(isPossibleSerialId, { message: notFound.detail, params: { notFound } })
    .describe('Decimal integer id');
}

/** What a query value past MAX_ID answers: it is compared with an `integer` column. */
export const ID_RANGE_MESSAGE = `must be at most ${MAX_ID}`;

/**
 * An id a query string pages from (`after_id`): spelled as a path id, and 0 to MAX_ID, since the query
 * compares it with an id column; past it is a 422 naming the parameter (no previous page can end there).
 */
export const cursorId = decimalId
  .refine((id) => id <= MAX_ID, ID_RANGE_MESSAGE)
  .describe(`Decimal integer id, at most ${MAX_ID}`);

/** What an id in a body answers when it is not one. */
export const BODY_ID_MESSAGE = 'must be a positive integer';

/**
 * An id in a request body: a positive integer, as a JSON number or as canonical decimal digits ("16"),
 * which is all a url-encoded or multipart field can carry. One schema serves the three encodings of a form
 * call, so digits in a JSON string name the same id. Anything else (`true`, "0x10", " 1 ", "1e1", "01",
 * 1.5, 0, -1, null) is a 422 naming the field, as a path id spelled so is: never series 1 or 16. An id
 * above MAX_ID is well spelled but names nothing: where it is read, isPossibleSerialId keeps it from any
 * query, and the route answers it as not found (or ignores it, in a list of ids).
 */
export const bodyId = z
  .preprocess(
    (value) => (typeof value === 'string' && /^[1-9]\d*$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'is required' : BODY_ID_MESSAGE) })
      // Safe integers only: digits past 2^53 would silently name another number.
      .int(BODY_ID_MESSAGE)
      .min(1, BODY_ID_MESSAGE),
  )
  .describe('Positive integer id (a JSON number, or its decimal digits in a form)');

/** An optional id in a body: absent, null or an empty form field (forms send every field) mean none. */
export const optionalBodyId = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  bodyId.optional(),
);

/**
 * A list of ids in a body: a JSON array; in a form, a repeated field or one comma-separated value. Each
 * item follows bodyId, its problems named by position (`series_ids.2`). Absent, null or an empty form
 * field mean none; the length bound only limits the work a hostile list makes, features cap it lower.
 */
export const bodyIdList = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? value.split(',') : [value];
}, z.array(bodyId).max(1000).optional());

/**
 * A list of values in a body: a JSON array; in a form, a repeated field, which the form parsers give as a
 * string when it was sent once: that one value is a list of one.
 */
export function formList<Item extends z.ZodType>(list: z.ZodArray<Item>) {
  return z.preprocess((value) => (typeof value === 'string' ? [value] : value), list);
}

/**
 * Characters that show nothing: the zero-width ones (U+200B-U+200D, U+2060, U+FEFF), the bidirectional
 * controls (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069, U+061C) and the rest of Unicode's
 * Default_Ignorable_Code_Point set (soft hyphen, Hangul fillers, variation selectors, tags).
 */
const INVISIBLE_CHARACTERS = /\p{Default_Ignorable_Code_Point}/gu;

/** Text that shows nothing: empty, or only white space and invisible characters. */
export function isBlankText(text: string): boolean {
  return text.replace(INVISIBLE_CHARACTERS, '').trim() === '';
}

/**
 * Text as a required check reads it: text that shows nothing becomes '', so the field's own "required"
 * answer covers a name or title of zero-width or bidirectional characters as it covers an empty one.
 * Visible text is kept as sent. For zod's `.overwrite()`, where the API checks the field itself.
 */
export function emptyIfBlank(text: string): string {
  return isBlankText(text) ? '' : text;
}

/** A required text field answered by zod: trimmed, and `message` when missing or showing nothing. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().overwrite(emptyIfBlank).min(1, message);
}

/** A paged list's query (`page` from 1). */
export function pageQuery(defaultSize: number, maxSize: number) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  };
}

/** `{items, page, page_size, total, has_more}` answers of the paged list calls. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    has_more: z.boolean(),
  });
}

/** 204 answers carry no body. */
export const noContentSchema = z.null().describe('No content');

/** GET /health: this instance's view of itself and its database. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /** Which instance answered, and what it serves: how far its caches have caught up with the others. */
  instance: z
    .object({
      id: z.string(),
      /** Snapshots of the ranked catalogue installed so far (full loads and patches). */
      catalogue_version: z.number().int(),
      catalogue_series: z.number().int().nullable(),
      /** When the database last matched the served catalogue (ISO time), null before the first load. */
      catalogue_verified_at: z.string().nullable(),
      /** Change notifications between instances (PostgreSQL LISTEN/NOTIFY). */
      notifications: z.object({
        transport: z.enum(['postgres', 'pglite']),
        listening: z.boolean(),
        published: z.number().int(),
        received: z.number().int(),
        last_received_at: z.string().nullable(),
      }),
    })
    .optional(),
});
export const healthFailureSchema = z.object({
  status: z.literal('error'),
  database: z.literal('unreachable'),
});

/** `{message}` answers. */
export const messageSchema = z.object({ message: z.string() });
