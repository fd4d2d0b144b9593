import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { series } from '../db/schema';
import { uploadedFileField } from '../plugins/forms';
import { notFound } from '../http-error';
import type { CheckedImage, ImageCheck } from '../media/image-check';
import { removeImage, type StoredImage } from '../media/store-image';
import { currentUser } from '../plugins/auth';
import { adminWriteLimit } from '../plugins/rate-limit';
import { readSubmittedForm, sendValidationErrors, textField, type FieldError } from './admin-form';
import { checkDetailCover, checkSeriesCover, InvalidImageError, storeCover } from './cover-upload';
import { isPossibleSeriesId, loadCallerScores, loadSeriesDetailRow } from './details';
import { toRankedSeries, toSeriesDetail } from './presenters';
import { parseGenres } from './ranking';
import {
  rankedSeriesSchema,
  seriesDetailSchema,
  type RankedSeries,
  DETAIL_COVER_MAX_BYTES,
  INVALID_IMAGE,
  SERIES_NOT_FOUND,
  seriesDetailFormSchema,
  seriesFormSchema,
} from '../../contract/catalogue';
import { errorSchema, idParams, noContentSchema, validationErrorSchema } from '../../contract/http';
import { createSeries, deleteSeries, saveSeriesDetail, SERIES_GONE, updateSeries } from './series-admin';
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
  413: errorSchema,
  422: validationErrorSchema,
  429: errorSchema,
};

/**
 * Catalogue administration: add, edit and delete series, and edit a series' synopsis and detail cover.
 * ADMIN only, checked against the database on every call. Covers are checked by their bytes (PNG, JPEG,
 * WebP), stored through app.media with their size variants, and a replaced or deleted cover's files are
 * removed once the database no longer points at them. Every write invalidates the catalogue cache, so
 * live lists show it at once.
 */
const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: an unauthorised upload is refused before its body is read.
  app.addHook('onRequest', app.requireAdmin);
  // Shared with the tracker's admin writes: one budget per admin.
  app.addHook('onRequest', adminWriteLimit(app));

  const { media, catalogueCache } = app;

  /** The series as the live lists now show it (after the write's `catalogueChanged`). */
  async function rankedSeries(id: number): Promise<RankedSeries | undefined> {
    const placed = (await catalogueCache.get()).placement(id);
    if (placed) return toRankedSeries(placed.overall, media);
    const row = await loadSeriesDetailRow(app.db, id);
    return (
      row &&
      toRankedSeries({ series: { ...row.series, genres: parseGenres(row.series.genre) }, rank: null }, media)
    );
  }

  /** Stores a checked cover; an image whose pixels cannot be decoded ends as a field problem. */
  async function storeCheckedCover(
    ...args: Parameters<typeof storeCover>
  ): Promise<StoredImage | FieldError> {
    try {
      return await storeCover(...args);
    } catch (error) {
      if (error instanceof InvalidImageError) return { field: 'cover', message: INVALID_IMAGE };
      throw error;
    }
  }

  /** Files just stored that no database row ever named (the write failed): removed at once. */
  async function discard(key: string | null | undefined): Promise<void> {
    if (!key) return;
    // Failing to delete them leaves garbage, not an error.
    await removeImage(media, key).catch((error: unknown) =>
      app.log.warn({ err: error, key }, 'could not remove unused media'),
    );
  }

  /**
   * Files the database stopped naming (a replaced or deleted cover): removed after MEDIA_DELETE_GRACE, as
   * pre-rendered pages, CDN copies and other instances may still name them meanwhile.
   */
  async function retire(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await app.retiredMedia
      .retireImage(key)
      .catch((error: unknown) =>
        app.log.warn({ err: error, key }, 'could not schedule replaced media removal'),
      );
  }
  /**
   * Runs a write that may point the database at a newly stored cover. The new files are removed when the
   * write fails or finds no series (404); the replaced files only after reads stop naming them, since a
   * stale answer may still be cached downstream.
   */
  async function applyCoverWrite(
    seriesId: number,
    storedKey: string | undefined,
    write: () => Promise<string | null | typeof SERIES_GONE>,
  ): Promise<void> {
    let replacedKey: string | null | typeof SERIES_GONE;
    try {
      replacedKey = await write();
    } catch (error) {
      await discard(storedKey);
      throw error;
    }
    if (replacedKey === SERIES_GONE) {
      await discard(storedKey);
      throw notFound(SERIES_NOT_FOUND);
    }
    await app.catalogueChanged([seriesId]);
    await retire(replacedKey);
  }

  app.post(
    '/series',
    {
      schema: {
        tags: ['series admin'],
        summary: 'Add a series',
        description:
          'Multipart `title, genre, type, cover` (required) and `author, artist, status`. The cover must be ' +
          'PNG, JPEG or WebP by its bytes, with a width / height ratio from 0.6 to 0.7, at most 5 MB.',
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

      const stored = await storeCheckedCover(media, coverImage, 'covers', values.title!);
      if (!('key' in stored)) return sendValidationErrors(reply, [stored]);
      let id: number;
      try {
        id = await createSeries(app.db, values, stored.key);
      } catch (error) {
        await discard(stored.key);
        throw error;
      }
      await app.catalogueChanged([id]);
      const body = await rankedSeries(id);
      return reply.status(201).send(body!);
    },
  );

  app.put(
    '/series/:id',
    {
      schema: {
        tags: ['series admin'],
        summary: 'Edit a series',
        description:
          'JSON or multipart with any subset of `title, genre, type, author, artist, status`, and optionally ' +
          'a new `cover` (multipart; same rules as when adding). An empty status clears it.',
        security: [{ bearer: [] }],
        params: idParams,
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
      if (!isPossibleSeriesId(id)) throw notFound(SERIES_NOT_FOUND);
      const [existing] = await app.db.select({ id: series.id }).from(series).where(eq(series.id, id));
      if (!existing) throw notFound(SERIES_NOT_FOUND);

      const { values, errors } = parseSeriesFields(form, 'update');
      const cover = form.files.get('cover');
      const coverImage = cover && (await acceptedImage(checkSeriesCover(cover), 'cover', errors));
      if (errors.length > 0) return sendValidationErrors(reply, errors);

      const stored = coverImage && (await storeCheckedCover(media, coverImage, 'covers', values.title ?? id));
      if (stored && !('key' in stored)) return sendValidationErrors(reply, [stored]);
      await applyCoverWrite(id, stored?.key, () => updateSeries(app.db, id, values, stored?.key));
      const body = await rankedSeries(id);
      if (!body) throw notFound(SERIES_NOT_FOUND);
      return body;
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
        params: idParams,
        response: { 204: noContentSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isPossibleSeriesId(id)) throw notFound(SERIES_NOT_FOUND);
      const coverKeys = await deleteSeries(app.db, id);
      if (coverKeys === SERIES_GONE) throw notFound(SERIES_NOT_FOUND);
      await app.catalogueChanged([id]);
      await Promise.all(coverKeys.map(retire));
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
      if (!isPossibleSeriesId(seriesId)) throw notFound(SERIES_NOT_FOUND);
      const [existing] = await app.db.select({ id: series.id }).from(series).where(eq(series.id, seriesId));
      if (!existing) throw notFound(SERIES_NOT_FOUND);

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

      const stored = fileImage && (await storeCheckedCover(media, fileImage, 'details', seriesId));
      if (stored && !('key' in stored)) return sendValidationErrors(reply, [{ ...stored, field: 'file' }]);
      await applyCoverWrite(seriesId, stored?.key, () =>
        saveSeriesDetail(app.db, seriesId, synopsis, stored?.key),
      );

      const [row, scores, snapshot] = await Promise.all([
        loadSeriesDetailRow(app.db, seriesId),
        loadCallerScores(app.db, seriesId, currentUser(request).id),
        catalogueCache.get(),
      ]);
      if (!row) throw notFound(SERIES_NOT_FOUND);
      return toSeriesDetail(row, snapshot.placement(seriesId)?.overall.rank ?? null, media, scores);
    },
  );
};

export default catalogueAdminRoutes;
