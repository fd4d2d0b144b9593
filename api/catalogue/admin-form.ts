import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, NUL_CHARACTER_MESSAGE, ValidationHttpError } from '../http-error';

/** A file sent in a multipart form, read into memory. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
  /** The file was longer than the route's limit; `bytes` holds only its start. */
  truncated: boolean;
}

/** The fields of an admin form, from multipart or from a JSON / url-encoded body. */
export interface SubmittedForm {
  /** Text fields; a JSON null arrives as null (e.g. to clear a status). */
  fields: Map<string, string | null>;
  files: Map<string, UploadedFile>;
  /** Fields whose value was longer than the field limit and arrived cut short. */
  truncatedFields: Set<string>;
  /** Fields sent with a value that is not text (a JSON object or array). */
  malformedFields: Set<string>;
}

export interface FormLimits {
  /** Bytes read of one file; a longer file is marked truncated (the rest is skipped, not an error). */
  maxFileBytes: number;
  /** Bytes of one text field. */
  maxFieldBytes: number;
}

/** A field-level problem, as the contract's 422 answers list them. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Reads an admin form. Multipart bodies are parsed part by part: the multipart plugin must be registered in
 * the calling context with `throwFileSizeLimit: false`, so an oversized file is flagged for the route to
 * name its own limit ("Cover image must be less than 800KB") rather than thrown as a 413. Any other body
 * is taken as an object of fields, so the JSON form of a call works too. Malformed input is a 4xx, never
 * a 500.
 */
export async function readSubmittedForm(request: FastifyRequest, limits: FormLimits): Promise<SubmittedForm> {
  const form: SubmittedForm = {
    fields: new Map(),
    files: new Map(),
    truncatedFields: new Set(),
    malformedFields: new Set(),
  };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return form;
    if (typeof body !== 'object' || Array.isArray(body))
      throw new HttpError(400, 'Expected a form or a JSON object');
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      if (value === null || typeof value === 'string') form.fields.set(name, value);
      else if (typeof value === 'number' || typeof value === 'boolean') form.fields.set(name, String(value));
      else form.malformedFields.add(name);
    }
    return form;
  }

  const withNul: string[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        fieldSize: limits.maxFieldBytes,
        files: 2,
        fields: 20,
        parts: 22,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        form.files.set(part.fieldname, { filename: part.filename, bytes, truncated: part.file.truncated });
      } else {
        if (part.valueTruncated) form.truncatedFields.add(part.fieldname);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (value.includes('\u0000')) withNul.push(part.fieldname);
        form.fields.set(part.fieldname, value);
      }
    }
  } catch (error) {
    throw asUploadError(error);
  }
  // JSON and query strings are checked for NUL before validation (plugins/errors.ts); multipart fields
  // are only read here. PostgreSQL cannot store a NUL in text, so it is refused rather than failing a query.
  if (withNul.length > 0) {
    throw new ValidationHttpError(withNul.map((field) => ({ field, message: NUL_CHARACTER_MESSAGE })));
  }
  return form;
}

/** Multipart failures keep their 4xx; anything the parser throws without one is a malformed body (400). */
function asUploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { statusCode, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'Too many fields or files in the form');
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && error instanceof Error) {
    return new HttpError(statusCode, error.message);
  }
  return new HttpError(400, 'The form could not be read');
}

/** A trimmed text field; undefined when absent, '' when sent empty or as null. */
export function textField(form: SubmittedForm, name: string): string | undefined {
  if (!form.fields.has(name)) return undefined;
  return (form.fields.get(name) ?? '').trim();
}

/** Sends the contract's validation failure: 422, the first problem as `detail`, all of them as `errors`. */
export function sendValidationErrors(reply: FastifyReply, errors: FieldError[]): FastifyReply {
  return reply.status(422).send({ detail: errors[0]?.message ?? 'Invalid request', errors });
}
