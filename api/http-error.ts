import type { FieldError } from '../contract/http';

/** The code an error carries when its thrower names none: one per status. */
const DEFAULT_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'NOT_AUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  423: 'LOCKED',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

export function defaultErrorCode(statusCode: number): string {
  return DEFAULT_CODES[statusCode] ?? (statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/**
 * An error whose message is safe to show the client as `detail`, with a stable machine-readable `code`.
 * Every 4xx of the API leaves through this class (see plugins/errors.ts).
 */
export class HttpError extends Error {
  public readonly code: string;

  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
    /** Replaces the string `detail` where the contract says so (profanity). */
    public readonly detailObject?: Record<string, unknown>,
    code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? defaultErrorCode(statusCode);
  }
}

/** The one way to fail a request: `httpError(404, SERIES_NOT_FOUND, { code: 'SERIES_NOT_FOUND' })`. */
export function httpError(
  statusCode: number,
  detail: string,
  options: { code?: string; headers?: Record<string, string>; detailObject?: Record<string, unknown> } = {},
): HttpError {
  return new HttpError(statusCode, detail, options.headers, options.detailObject, options.code);
}

/** 404 with the contract's text and code of what was not found (every 404 condition has its own code). */
export const notFound = (detail: string, code: string) => httpError(404, detail, { code });

/** A field-level problem, as the contract's 422 answers list them. */
export type FieldProblem = FieldError;

/** The contract's validation failure: 422, `detail` naming the first problem, `errors` listing all. */
export class ValidationHttpError extends HttpError {
  /** `detail` names the first problem, unless the contract gives the call its own text. */
  constructor(
    public readonly errors: FieldProblem[],
    detail?: string,
    code?: string,
  ) {
    const first = errors[0];
    super(
      422,
      detail ??
        (first ? (first.field ? `${first.field}: ${first.message}` : first.message) : 'Invalid request'),
      {},
      undefined,
      code,
    );
    this.name = 'ValidationHttpError';
  }
}

export const NUL_CHARACTER_MESSAGE = 'must not contain NUL characters';

/**
 * Paths (`a.b.0`) of the strings in a parsed body or query that contain a NUL character, which PostgreSQL
 * cannot store in text: left in, they fail as a database error (a 500) instead of a bad request.
 */
export function fieldsWithNul(value: unknown, path = '', found: string[] = [], depth = 0): string[] {
  if (found.length >= 20 || depth > 32) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) =>
      fieldsWithNul(item, path ? `${path}.${index}` : String(index), found, depth + 1),
    );
  } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      fieldsWithNul(item, path ? `${path}.${key}` : key, found, depth + 1);
    }
  }
  return found;
}
