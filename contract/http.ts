import { z } from 'zod';

/*
 * The parts of the HTTP contract every feature shares: error bodies, machine-readable error codes, the
 * rate-limit text and path ids. Imports nothing but zod, so the API, the site and outside clients can use it.
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

/** Largest id a path accepts: PostgreSQL's integer columns. */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a path: a canonical decimal integer (no sign, exponent, hex, leading zeros or spaces), so
 * `/series/0x10` or `/series/1e3` never reach series 16 or 1000. Ids above MAX_ID cannot exist and are 404s
 * at the route, not 422s, so the check here is only the spelling.
 */
export const pathId = z
  .string()
  .regex(/^(0|[1-9]\d{0,18})$/, 'must be a decimal integer')
  .transform(Number)
  .describe('Decimal integer id');

/** `{id}` path parameters. */
export const idParams = z.object({ id: pathId });

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
