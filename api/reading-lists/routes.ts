import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE } from '../../contract/catalogue';
import { errorSchema, isPossibleSerialId, noContentSchema, validationErrorSchema } from '../../contract/http';
import {
  addItemBody,
  createListBody,
  DEFAULT_LIST_SORT,
  importChoicesSchema,
  importQuery,
  importReportSchema,
  listMalExportSchema,
  MAL_CHOICE_NOT_A_CANDIDATE,
  MAL_FILE_REQUIRED,
  MAL_IMPORT_MAX_ATTRIBUTES,
  MAL_IMPORT_MAX_DEPTH,
  MAL_IMPORT_MAX_ELEMENTS,
  MAL_IMPORT_MAX_NAME_CHARS,
  MAL_IMPORT_MAX_TEXT_CHARS,
  MAL_IMPORT_MAX_UPLOAD_BYTES,
  MAL_FILE_TOO_LARGE,
  MAL_REPORT_MAX_ENTRIES,
  MAL_REPORT_MAX_TITLE_CHARS,
  updateItemBody,
  LIST_FULL,
  LIST_LIMIT_API,
  LIST_NAME_MAX_LENGTH,
  LIST_NAME_REQUIRED,
  LIST_NAME_TAKEN,
  LIST_NAME_TOO_LONG,
  LIST_NOT_FOUND,
  listIdParams,
  listItemParams,
  listItemSchema,
  listItemsPageSchema,
  listItemsQuery,
  listCsvSchema,
  myReadingListsSchema,
  listsPageQuery,
  publicListQuery,
  publicReadingListSchema,
  READING_LIST_ERROR_CODES as CODES,
  readingListSchema,
  readingListsPageSchema,
  SERIES_NOT_IN_LIST,
  seriesTrackingParams,
  seriesTrackingSchema,
  shareTokenParams,
} from '../../contract/reading-lists';
import { PRIVATE_NO_STORE, sendCachedJson, type CachedJson } from '../http-cache';
import { httpError, ValidationHttpError } from '../http-error';
import { currentUser, INVALID_CREDENTIALS } from '../plugins/auth';
import { uploadedFileField } from '../plugins/forms';
import { limitWriteRoutes } from '../plugins/rate-limit';
import type { ListCsv } from './csv';
import { InvalidChoiceError } from './myanimelist/plan-import';
import { MalReadError } from './myanimelist/read-export';
import type { ListMalExport } from './service';

/** Browsers and shared caches revalidate every time (with the ETag): an unshare must take effect. */
const REVALIDATE = 'no-cache';

const listNotFound = () => httpError(404, LIST_NOT_FOUND, { code: CODES.notFound });
const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
  422: validationErrorSchema,
};
const security = [{ bearer: [] }];

/**
 * Reading lists (docs/api.md, Reading lists). The owner's calls sit behind one authentication hook, and every
 * query names the owner with the list id, so another user's list answers 404 exactly like a missing one. The
 * public calls read a shared list by its token alone and never reveal the owner.
 */
const readingListRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ownerRoutes);
  await app.register(publicRoutes);
};

/** A private answer serialized once: sent as it is (the owner's routes say `no-store`, so no ETag). */
function sendJson(reply: FastifyReply, answer: Pick<CachedJson, 'body'>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** A series id as a path spells it canonically (as the params schema reads it), else undefined. */
function canonicalSeriesId(text: unknown): number | undefined {
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return isPossibleSerialId(id) ? id : undefined;
}

function sendCsv(reply: FastifyReply, { fileName, csv }: ListCsv): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}

function sendMalExport(reply: FastifyReply, { fileName, xml }: ListMalExport): FastifyReply {
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(xml);
}

const count = (value: number) => value.toLocaleString('en-US');

const IMPORT_ERROR_CODES = {
  'not-an-export': CODES.notAnExport,
  'anime-export': CODES.animeExport,
  'too-large': CODES.fileTooLarge,
  'xml-too-large': CODES.fileTooLarge,
  'too-many': CODES.tooManyEntries,
  // Files shaped like no export: the same code as any other, with a text saying what is wrong.
  'too-deep': CODES.notAnExport,
  'too-many-attributes': CODES.notAnExport,
  'name-too-long': CODES.notAnExport,
  'text-too-long': CODES.notAnExport,
  'too-many-elements': CODES.notAnExport,
} as const;

const importBody = z.object({
  file: uploadedFileField("MyAnimeList's manga export, `.xml` or `.xml.gz`").optional(),
  choices: z
    .string()
    .optional()
    .describe('JSON text `[{source_index, series_id}]`: a candidate picked for each ambiguous entry'),
});

/** `choices` as an entry index → series id map; malformed text is a 422 naming the field. */
function parseChoices(text: string | undefined): Map<number, number> {
  if (text === undefined || text.trim() === '') return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const choices = importChoicesSchema.safeParse(parsed);
  if (!choices.success) {
    const message = 'must be JSON: [{source_index, series_id}]';
    throw new ValidationHttpError([{ field: 'choices', message }], `choices ${message}`);
  }
  return new Map(choices.data.map((choice) => [choice.source_index, choice.series_id]));
}

const ownerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Set before anything can fail, so errors say it too; a plain hook (no promise) on this hot path.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    done();
  });
  app.addHook('onRequest', app.authenticate);
  limitWriteRoutes(app, 'reading-lists');

  app.get(
    '/reading-lists/me',
    {
      schema: {
        tags: ['reading lists'],
        summary: "The caller's lists, each with its series ids",
        security,
        response: { 200: myReadingListsSchema, 401: errorSchema },
      },
    },
    async (request) => app.readingLists.listsOf(currentUser(request).id),
  );

  app.get(
    '/reading-lists/me/series/:seriesId',
    {
      schema: {
        tags: ['reading lists'],
        summary: 'Where the caller tracks one series: each of their lists holding it, in list order',
        description:
          'One entry per list holding the series (`[]` when none), with its reading status, chapters read ' +
          "and personal score. Chapters read may pass the series' published `chapters`, which often lag " +
          'behind the releases. A series not in the catalogue (never, or deleted) is a 404.',
        security,
        params: seriesTrackingParams,
        response: {
          200: seriesTrackingSchema,
          401: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
      // The series page asks this for every signed-in visit: a repeated one is answered from memory before
      // validation, without a promise (the id read as the params schema would read it).
      preValidation: (request, reply, done) => {
        const seriesId = canonicalSeriesId((request.params as { seriesId?: unknown }).seriesId);
        const cached = seriesId && app.readingLists.cachedTracking(currentUser(request).id, seriesId);
        if (cached) sendJson(reply, { body: cached });
        else done();
      },
    },
    async (request, reply) => {
      const body = await app.readingLists.seriesTracking(currentUser(request).id, request.params.seriesId);
      if (body === undefined) throw httpError(404, SERIES_NOT_FOUND, { code: SERIES_NOT_FOUND_CODE });
      return sendJson(reply, { body });
    },
  );

  app.get(
    '/reading-lists/me/paged',
    {
      schema: {
        tags: ['reading lists'],
        summary: "A page of the caller's lists with their item counts (no items)",
        security,
        querystring: listsPageQuery,
        response: { 200: readingListsPageSchema, 401: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      return app.readingLists.listsPage(currentUser(request).id, page, page_size);
    },
  );

  app.post(
    '/reading-lists',
    {
      schema: {
        tags: ['reading lists'],
        summary: 'Create a list',
        description: `At most 2 lists per user; a name of 1-${LIST_NAME_MAX_LENGTH} characters, unique per user.`,
        security,
        body: createListBody,
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        response: { 201: readingListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const name = (request.body?.name ?? '').trim();
      const problem = !name
        ? LIST_NAME_REQUIRED
        : name.length > LIST_NAME_MAX_LENGTH
          ? LIST_NAME_TOO_LONG
          : '';
      if (problem) throw new ValidationHttpError([{ field: 'name', message: problem }], problem);
      const created = await app.readingLists.create(currentUser(request).id, name);
      if (created === 'limit') throw httpError(400, LIST_LIMIT_API, { code: CODES.limit });
      if (created === 'name-taken') throw httpError(409, LIST_NAME_TAKEN, { code: CODES.nameTaken });
      if (created === 'user-gone') throw httpError(401, INVALID_CREDENTIALS, { code: 'INVALID_TOKEN' });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/reading-lists/:id',
    {
      schema: {
        tags: ['reading lists'],
        summary: 'Delete a list with its items',
        security,
        params: listIdParams,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await app.readingLists.delete(currentUser(request).id, request.params.id))) throw listNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/reading-lists/:id/items',
    {
      schema: {
        tags: ['reading lists'],
        summary: 'Add a series to a list (a present one is a no-op)',
        security,
        params: listIdParams,
        body: addItemBody,
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        response: { 200: readingListSchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await app.readingLists.addItem(
        currentUser(request).id,
        request.params.id,
        request.body.series_id,
      );
      if (outcome === 'list-not-found') throw listNotFound();
      if (outcome === 'series-not-found') {
        throw httpError(404, SERIES_NOT_FOUND, { code: SERIES_NOT_FOUND_CODE });
      }
      if (outcome === 'full') throw httpError(400, LIST_FULL, { code: CODES.full });
      return outcome;
    },
  );

  app.delete(
    '/reading-lists/:id/items/:seriesId',
    {
      schema: {
        tags: ['reading lists'],
        summary: 'Remove a series from a list',
        security,
        params: listItemParams,
        response: { 200: readingListSchema, ...errors },
      },
    },
    async (request) => {
      const { id, seriesId } = request.params;
      const outcome = await app.readingLists.removeItem(currentUser(request).id, id, seriesId);
      if (outcome === 'list-not-found') throw listNotFound();
      if (outcome === 'not-in-list') throw httpError(404, SERIES_NOT_IN_LIST, { code: CODES.notInList });
      return outcome;
    },
  );

  app.patch(
    '/reading-lists/:id/items/:seriesId',
    {
      schema: {
        tags: ['reading lists'],
        summary: "Set an item's reading status, chapters read and personal score",
        description:
          'Any of the fields; a field left out is kept, a null `score` clears it. Chapters read may pass ' +
          "the series' published `chapters` (counts lag behind releases). A refused field writes nothing.",
        security,
        params: listItemParams,
        body: updateItemBody,
        response: { 200: listItemSchema, ...errors },
      },
    },
    async (request) => {
      const { id, seriesId } = request.params;
      const outcome = await app.readingLists.updateItem(currentUser(request).id, id, seriesId, {
        readingStatus: request.body.reading_status,
        chaptersRead: request.body.chapters_read,
        score: request.body.score,
      });
      if (outcome === 'list-not-found') throw listNotFound();
      if (outcome === 'not-in-list') throw httpError(404, SERIES_NOT_IN_LIST, { code: CODES.notInList });
      return outcome;
    },
  );

  app.post(
    '/reading-lists/:id/import',
    {
      // One byte over the limit marks the file truncated, so the answer can name the limit.
      config: { multipartOptions: { limits: { fileSize: MAL_IMPORT_MAX_UPLOAD_BYTES + 1, files: 1 } } },
      schema: {
        tags: ['reading lists'],
        summary: 'Import a MyAnimeList manga export into a list',
        description:
          'Multipart `file` (`.xml` or `.xml.gz`, at most 5 MB, 50 MB decompressed, 20,000 entries) and ' +
          'optional `choices`. Entries match a series by MyAnimeList id, else by title (case, accents, ' +
          'punctuation and spaces folded); a title several series share is ambiguous until chosen. New ' +
          "series are added with the file's status and chapters until the list is full; a series already " +
          'listed keeps its status and takes the larger chapter count. One transaction; `dry_run=true` ' +
          `writes nothing. A file shaped like no export (elements nested more than ${MAL_IMPORT_MAX_DEPTH} ` +
          `deep, more than ${MAL_IMPORT_MAX_ATTRIBUTES} attributes on one, a name over ` +
          `${MAL_IMPORT_MAX_NAME_CHARS} characters, a text other than white space over ` +
          `${count(MAL_IMPORT_MAX_TEXT_CHARS)} characters, more than ${count(MAL_IMPORT_MAX_ELEMENTS)} ` +
          'elements) is refused as soon as it is seen: 400 ' +
          '`NOT_A_MYANIMELIST_EXPORT` with a text saying which. The answer shows at most ' +
          `${MAL_REPORT_MAX_ENTRIES} entries of each list and cuts file titles to ` +
          `${MAL_REPORT_MAX_TITLE_CHARS} characters; \`not_shown\` counts the rest.`,
        security,
        params: listIdParams,
        querystring: importQuery,
        body: importBody,
        consumes: ['multipart/form-data'],
        response: { 200: importReportSchema, ...errors, 413: errorSchema },
      },
    },
    async (request) => {
      const { file, choices } = request.body;
      if (!file || (file.bytes.length === 0 && !file.truncated)) {
        throw new ValidationHttpError([{ field: 'file', message: MAL_FILE_REQUIRED }], MAL_FILE_REQUIRED);
      }
      if (file.truncated) throw httpError(413, MAL_FILE_TOO_LARGE, { code: CODES.fileTooLarge });
      const chosen = parseChoices(choices);
      try {
        const report = await app.readingLists.importMyAnimeList(currentUser(request).id, request.params.id, {
          file: file.bytes,
          choices: chosen,
          dryRun: request.query.dry_run === 'true',
        });
        if (!report) throw listNotFound();
        return report;
      } catch (error) {
        if (error instanceof MalReadError) {
          throw httpError(error.status, error.message, { code: IMPORT_ERROR_CODES[error.problem] });
        }
        if (error instanceof InvalidChoiceError) {
          throw httpError(400, MAL_CHOICE_NOT_A_CANDIDATE, { code: CODES.notACandidate });
        }
        throw error;
      }
    },
  );

  app.get(
    '/reading-lists/:id/export.xml',
    {
      schema: {
        tags: ['reading lists'],
        summary: "Export a list in MyAnimeList's manga export format",
        security,
        params: listIdParams,
        produces: ['application/xml'],
        response: { 200: listMalExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const exported = await app.readingLists.ownerMalExport(currentUser(request).id, request.params.id);
      if (!exported) throw listNotFound();
      return sendMalExport(reply, exported);
    },
  );

  app.get(
    '/reading-lists/:id/items/paged',
    {
      schema: {
        tags: ['reading lists'],
        summary: "A page of a list's items, filtered and sorted",
        description:
          'Filters: type, status, min_score (stars ≥; series without votes have no score), min_votes. ' +
          'Sorts: default (list order), rank, stars, votes, title, each _asc or _desc; missing values (no ' +
          'rank, no score) sort last. `item_count` (additive) is the whole list, `total` the filtered items.',
        security,
        params: listIdParams,
        querystring: listItemsQuery,
        response: {
          200: listItemsPageSchema,
          ...errors,
        },
      },
      // An owner paging and filtering their list asks the same URLs again: those are answered from memory
      // before validation, and without a promise.
      preValidation: (request, reply, done) => {
        const cached = app.readingLists.cachedPage(currentUser(request).id, request.url);
        if (cached) sendJson(reply, cached);
        else done();
      },
    },
    async (request, reply) => {
      const answer = await app.readingLists.itemsPage(
        currentUser(request).id,
        request.params.id,
        request.url,
        request.query,
      );
      if (!answer) throw listNotFound();
      return sendJson(reply, answer);
    },
  );

  for (const [method, shared, summary] of [
    ['POST', true, 'Share a list: a random token (kept when already shared)'],
    ['DELETE', false, 'Unshare a list: its token is revoked'],
  ] as const) {
    app.route({
      method,
      url: '/reading-lists/:id/share',
      schema: {
        tags: ['reading lists'],
        summary,
        security,
        params: listIdParams,
        response: { 200: readingListSchema, ...errors },
      },
      handler: async (request) => {
        const list = await app.readingLists.setShared(currentUser(request).id, request.params.id, shared);
        if (!list) throw listNotFound();
        return list;
      },
    });
  }

  app.get(
    '/reading-lists/:id/export.csv',
    {
      schema: {
        tags: ['reading lists'],
        summary: 'Export a list as CSV',
        security,
        params: listIdParams,
        querystring: publicListQuery,
        produces: ['text/csv'],
        response: { 200: listCsvSchema, ...errors },
      },
    },
    async (request, reply) => {
      const csv = await app.readingLists.ownerCsv(
        currentUser(request).id,
        request.params.id,
        request.query.sort,
      );
      if (!csv) throw listNotFound();
      return sendCsv(reply, csv);
    },
  );
};

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    // A shared list is not for search engines.
    reply.header('x-robots-tag', 'noindex');
  });

  app.get(
    '/reading-lists/public/:token',
    {
      schema: {
        tags: ['reading lists'],
        summary: 'A shared list by its token (no account needed)',
        description: `Every item, sorted by \`sort\` (additive; ${DEFAULT_LIST_SORT} by default). Never names the owner.`,
        params: shareTokenParams,
        querystring: publicListQuery,
        response: { 200: publicReadingListSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await app.readingLists.sharedList(request.params.token, request.query.sort);
      if (!answer) throw listNotFound();
      return sendCachedJson(request, reply, answer, REVALIDATE);
    },
  );

  app.get(
    '/reading-lists/public/:token/export.csv',
    {
      schema: {
        tags: ['reading lists'],
        summary: 'Export a shared list as CSV',
        params: shareTokenParams,
        querystring: publicListQuery,
        produces: ['text/csv'],
        response: { 200: listCsvSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const csv = await app.readingLists.sharedCsv(request.params.token, request.query.sort);
      if (!csv) throw listNotFound();
      reply.header('cache-control', PRIVATE_NO_STORE);
      return sendCsv(reply, csv);
    },
  );

  app.get(
    '/reading-lists/public/:token/export.xml',
    {
      schema: {
        tags: ['reading lists'],
        summary: "Export a shared list in MyAnimeList's manga export format",
        params: shareTokenParams,
        produces: ['application/xml'],
        response: { 200: listMalExportSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const exported = await app.readingLists.sharedMalExport(request.params.token);
      if (!exported) throw listNotFound();
      reply.header('cache-control', PRIVATE_NO_STORE);
      return sendMalExport(reply, exported);
    },
  );
};

export default readingListRoutes;
