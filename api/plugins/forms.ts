import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { HttpError } from '../http-error';

/** A file sent in a multipart form, read into memory by the forms plugin. */
export class UploadedFile {
  constructor(
    readonly filename: string,
    /** What the client claims; never trusted (images are checked by their bytes). */
    readonly mimetype: string,
    readonly bytes: Buffer,
    /** The file was longer than the route's limit; `bytes` holds only its start. */
    readonly truncated: boolean,
  ) {}
}

/**
 * A file field in a route's body schema. Only the multipart parser creates UploadedFile instances, so a JSON
 * body can never pass an object off as an upload.
 */
export function uploadedFileField(description: string) {
  return z
    .instanceof(UploadedFile, { message: 'must be a file' })
    .meta({ type: 'string', format: 'binary', description });
}

/** Largest file any route accepts (the series cover); routes set their own lower limit per route. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Every form call accepts `application/x-www-form-urlencoded`, `multipart/form-data` and JSON with the same
 * fields, because older clients send FormData (docs/api.md, Compatibility with older clients). Both form
 * encodings end as a plain object in `request.body`, so one zod body schema validates all three and documents
 * every field in /docs. Files become UploadedFile values; a file over the route's limit
 * (`config.multipartOptions.limits.fileSize`) is cut short and flagged rather than thrown, so each route
 * names its own limit in its own words.
 *
 * Authentication runs in `onRequest`, before any of this: a bad token is a 401 without reading the body.
 */
export default fp(
  async function formsPlugin(app: FastifyInstance) {
    await app.register(formbody, { bodyLimit: app.initialConfig.bodyLimit });
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        // Text fields are bounded by their schemas; this only caps memory.
        fieldSize: app.initialConfig.bodyLimit,
        files: 4,
        fields: 50,
        parts: 60,
      },
    });

    // Turns a multipart body into the same object a JSON body gives, before validation (which sees it).
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      const body: Record<string, unknown> = {};
      try {
        for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
          const value =
            part.type === 'file'
              ? new UploadedFile(part.filename, part.mimetype, await part.toBuffer(), part.file.truncated)
              : part.value;
          // A repeated field becomes a list, which a schema expecting one value refuses.
          const previous = body[part.fieldname];
          body[part.fieldname] =
            previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
        }
      } catch (error) {
        throw asFormError(error);
      }
      request.body = body;
    });
  },
  { name: 'forms' },
);

/** Parser failures keep their 4xx; anything thrown without one is a malformed body (400), never a 500. */
function asFormError(error: unknown): HttpError {
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
