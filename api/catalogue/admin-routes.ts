import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadedFileField } from '../plugins/forms';
import { httpError, notFound, ValidationHttpError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { adminWriteLimit } from '../plugins/rate-limit';
import { readSubmittedForm, sendValidationErrors, textField, type FieldError } from './admin-form';
import type { AdminRefusal } from './admin';
import { checkDetailCover, checkSeriesCover } from './cover-upload';
import type { CheckedImage, ImageCheck } from '../media/image-check';
import {
  rankedSeriesSchema,
  seriesDetailSchema,
  DETAIL_COVER_MAX_BYTES,
  EXTERNAL_ID_TAKEN,
  EXTERNAL_ID_TAKEN_CODE,
  EXTERNAL_SITES,
  INVALID_IMAGE,
  MAX_SERIES_COUNT,
  MIN_SERIES_COUNT,
  SERIES_NOT_FOUND,
  SERIES_NOT_FOUND_CODE,
  seriesIdParams,
  seriesDetailFormSchema,
  seriesFormSchema,
} from '../../contract/catalogue';
import { errorSchema, noContentSchema, validationErrorSchema } from '../../contract/http';
import { parseSeriesFields, SYNOPSIS_MAX_LENGTH } from './series-fields';

/** The image of a checked upload, or undefined with its problem added to the form's field errors. */
async function acceptedImage(
  check: Promise<ImageCheck>,
  field: string,
  errors: FieldError[],
): Promise<CheckedImage | undefined> {
  const checked = await check;
  if (checked.ok) return checked.image;
  errors.push({ field, message: checked.problem });
  return undefined;
}

const adminErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  422: validationErrorSchema,
  429: errorSchema,
};

/**
 * Catalogue administration: add, edit and delete series, and edit a series' synopsis and detail cover.
 * ADMIN only, checked against the database on every call. Covers are checked here by their bytes (PNG,
 * JPEG, WebP), with the other fields; the writes, the covers' storage and the catalogue's update are the
 * catalogue service's (admin.ts).
 */
const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: an unauthorised upload is refused before its body is read.
  app.addHook('onRequest', app.requireAdmin);
  // Shared with the tracker's admin writes: one budget per admin.
  app.addHook('onRequest', adminWriteLimit(app));

  const { admin } = app.catalogue;

  /** The answer of a write the catalogue refused: 404, 409 for a taken external id, or 422 on the upload. */
  function refused(refusal: AdminRefusal, coverField: 'cover' | 'file'): never {
    if (refusal === 'not-found') throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
    const taken = EXTERNAL_SITES.find(({ field }) => refusal === `${field}-taken`);
    if (taken) throw httpError(409, EXTERNAL_ID_TAKEN[taken.field], { code: EXTERNAL_ID_TAKEN_CODE });
    throw new ValidationHttpError([{ field: coverField, message: INVALID_IMAGE }], INVALID_IMAGE);
  }

  app.post(
    '/series',
    {
      schema: {
        tags: ['series admin'],
        summary: 'Add a series',
        description:
          'Multipart `title, genre, type, cover` (required) and `author, artist, status, mal_id, anilist_id, ' +
          `mangaupdates_id, chapters, volumes\` (the published counts: whole numbers ${MIN_SERIES_COUNT}-` +
          `${MAX_SERIES_COUNT}). The cover must be PNG, JPEG or WebP by its bytes, with a width / height ratio ` +
          'from 0.6 to 0.7, at most 5 MB. An external id another series has is a 409.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: seriesFormSchema.extend({
          cover: uploadedFileField('The cover: PNG, JPEG or WebP, 2:3 portrait (required)')
            // Checked by the route, so a missing cover is listed with the other missing fields.
            .optional(),
        }),
        response: { 201: rankedSeriesSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const form = await readSubmittedForm(request);
      const { values, errors } = parseSeriesFields(form, 'create');
      const cover = form.files.get('cover');
      if (!cover) errors.push({ field: 'cover', message: 'Cover is required' });
      const coverImage = cover && (await acceptedImage(checkSeriesCover(cover), 'cover', errors));
      if (errors.length > 0 || !coverImage) return sendValidationErrors(reply, errors);

      const created = await admin.createSeries(values, coverImage);
      if (typeof created === 'string') return refused(created, 'cover');
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/series/:id',
    {
      schema: {
        tags: ['series admin'],
        summary: 'Edit a series',
        description:
          'JSON or multipart with any subset of `title, genre, type, author, artist, status, mal_id, ' +
          'anilist_id, mangaupdates_id, chapters, volumes`, and optionally a new `cover` (multipart; same ' +
          'rules as when adding). An empty status, external id or count clears it; an external id another ' +
          'series has is a 409.',
        security: [{ bearer: [] }],
        params: seriesIdParams,
        consumes: ['multipart/form-data', 'application/json'],
        body: seriesFormSchema
          .extend({
            cover: uploadedFileField('A new cover (multipart only), same rules as when adding').optional(),
          })
          .nullish(),
        response: { 200: rankedSeriesSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const form = await readSubmittedForm(request);
      if (!(await admin.seriesExists(id))) throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);

      const { values, errors } = parseSeriesFields(form, 'update');
      const cover = form.files.get('cover');
      const coverImage = cover && (await acceptedImage(checkSeriesCover(cover), 'cover', errors));
      if (errors.length > 0) return sendValidationErrors(reply, errors);

      const updated = await admin.updateSeries(id, values, coverImage);
      if (typeof updated === 'string') return refused(updated, 'cover');
      return updated;
    },
  );

  app.delete(
    '/series/:id',
    {
      schema: {
        tags: ['series admin'],
        summary: 'Delete a series',
        description: 'Removes the series with its details, votes, reading-list items and forum references.',
        security: [{ bearer: [] }],
        params: seriesIdParams,
        response: { 204: noContentSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      if (!(await admin.deleteSeries(request.params.id)))
        throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/series-details',
    {
      // Reads one byte past the limit, so an oversized cover is flagged without buffering megabytes.
      config: { multipartOptions: { limits: { fileSize: DETAIL_COVER_MAX_BYTES + 1 } } },
      schema: {
        tags: ['series admin'],
        summary: "Set a series' synopsis and detail cover",
        description:
          'Multipart `series_id, synopsis` and optionally `file` (also accepted as `series_cover`): a PNG, ' +
          'JPEG or WebP under 800 KB, any shape (900x600 recommended). Without a file the cover is kept.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: seriesDetailFormSchema.extend({
          file: uploadedFileField('The detail cover: PNG, JPEG or WebP under 800 KB').optional(),
          series_cover: uploadedFileField('Older name of `file`').optional(),
        }),
        response: { 200: seriesDetailSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const form = await readSubmittedForm(request);
      const seriesId = request.body.series_id;
      if (!(await admin.seriesExists(seriesId))) throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);

      const errors: FieldError[] = [];
      const synopsis = form.malformedFields.has('synopsis') ? undefined : textField(form, 'synopsis');
      if (!synopsis) errors.push({ field: 'synopsis', message: 'Synopsis is required' });
      else if (synopsis.length > SYNOPSIS_MAX_LENGTH) {
        errors.push({
          field: 'synopsis',
          message: `Synopsis must be at most ${SYNOPSIS_MAX_LENGTH} characters`,
        });
      }
      const file = form.files.get('file') ?? form.files.get('series_cover');
      const fileImage = file && (await acceptedImage(checkDetailCover(file), 'file', errors));
      if (errors.length > 0 || !synopsis) return sendValidationErrors(reply, errors);

      const saved = await admin.saveSeriesDetail(seriesId, synopsis, fileImage, currentUser(request).id);
      if (typeof saved === 'string') return refused(saved, 'file');
      return saved;
    },
  );
};

export default catalogueAdminRoutes;
