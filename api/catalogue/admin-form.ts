import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '../../contract/http';
import { HttpError, ValidationHttpError } from '../http-error';
import { UploadedFile } from '../plugins/forms';

export { UploadedFile };
export type { FieldError };

/** The fields of an admin form, from multipart or from a JSON / url-encoded body. */
export interface SubmittedForm {
  /** Text fields; a JSON null arrives as null (e.g. to clear a status). */
  fields: Map<string, string | null>;
  files: Map<string, UploadedFile>;
  /** Fields sent with a value that is not text (a JSON object or array). */
  malformedFields: Set<string>;
  /** Fields sent as a JSON array, as sent (they are in malformedFields too: only list fields read them). */
  lists: Map<string, unknown[]>;
}

/**
 * Reads an admin form from the body the forms plugin parsed (multipart, url-encoded or JSON alike). Files
 * over the route's limit arrive flagged as truncated, so each route names its own limit.
 */
export function readSubmittedForm(request: FastifyRequest): SubmittedForm {
  const form: SubmittedForm = {
    fields: new Map(),
    files: new Map(),
    malformedFields: new Set(),
    lists: new Map(),
  };
  const body = request.body;
  if (body === undefined || body === null) return form;
  if (typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'Expected a form or a JSON object');
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value instanceof UploadedFile) form.files.set(name, value);
    else if (value === null || typeof value === 'string') form.fields.set(name, value);
    else if (typeof value === 'number' || typeof value === 'boolean') form.fields.set(name, String(value));
    else {
      form.malformedFields.add(name);
      if (Array.isArray(value)) form.lists.set(name, value);
    }
  }
  return form;
}

/** A trimmed text field; undefined when absent, '' when sent empty or as null. */
export function textField(form: SubmittedForm, name: string): string | undefined {
  if (!form.fields.has(name)) return undefined;
  return (form.fields.get(name) ?? '').trim();
}

/** Sends the contract's validation failure: 422, the first problem as `detail`, all of them as `errors`. */
export function sendValidationErrors(_reply: FastifyReply, errors: FieldError[]): never {
  throw new ValidationHttpError(errors, errors[0]?.message);
}
