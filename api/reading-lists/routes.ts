import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERIES_NOT_FOUND } from '../../contract/catalogue';
import { errorSchema, idParams, noContentSchema, validationErrorSchema } from '../../contract/http';
import {
  addItemBody,
  createListBody,
  DEFAULT_LIST_SORT,
  LIST_FULL,
  LIST_LIMIT_API,
  LIST_NAME_MAX_LENGTH,
  LIST_NAME_REQUIRED,
  LIST_NAME_TAKEN,
  LIST_NAME_TOO_LONG,
  LIST_NOT_FOUND,
  listItemParams,
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
  shareTokenParams,
  type ListItem,
  type ListItemsPage,
  type PublicReadingList,
} from '../../contract/reading-lists';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { cachedJson, PRIVATE_NO_STORE, sendCachedJson, type CachedJson } from '../http-cache';
import { httpError, ValidationHttpError } from '../http-error';
import { currentUser, INVALID_CREDENTIALS } from '../plugins/auth';
import { limitWriteRoutes } from '../plugins/rate-limit';
import { csvFileName, itemsCsv, toListItem } from './presenters';
import {
  addItem,
  createList,
  deleteList,
  isPossibleId,
  itemsOfUser,
  listsOfUser,
  listsPageOfUser,
  removeItem,
  setShared,
  sharedListItems,
  type ListItemRow,
} from './repository';
import { ListAnswerCache, LISTS_TOPIC } from './list-answer-cache';

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
 * Reading lists (api.md). The owner's calls sit behind one authentication hook, and every query names the
 * owner with the list id, so another user's list answers 404 exactly like a missing one. The public calls
 * read a shared list by its token alone and never reveal the owner.
 */
const readingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers: ListAnswers = {
    shared: new ListAnswerCache(app.config.CACHE_TTL_MS),
    owner: new ListAnswerCache(app.config.CACHE_TTL_MS),
  };
  // Another instance's list writes (an unshare above all) show here at once, not after the TTL.
  app.changeFeed.subscribe(LISTS_TOPIC, ({ ids }) => {
    for (const cache of [answers.shared, answers.owner]) {
      if (ids) ids.forEach((id) => cache.forgetList(id));
      else cache.forgetAll();
    }
  });
  await app.register(ownerRoutes(answers));
  await app.register(publicRoutes(answers.shared));
};

/** Answers kept in memory: shared lists by token and sort, the owner's item pages by user, list and query. */
interface ListAnswers {
  shared: ListAnswerCache;
  owner: ListAnswerCache;
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** After any write to a list: its answers go, here and on the other instances. */
function listChanged(app: App, answers: ListAnswers, listId: number): void {
  answers.shared.forgetList(listId);
  answers.owner.forgetList(listId);
  void app.changeFeed.publish(LISTS_TOPIC, [listId]);
}

/**
 * Items with their live ranks and cover URLs. The snapshot is taken before the items are read, so the
 * ranks are never newer than the scores beside them.
 */
function presentItems(app: App, snapshot: CatalogueSnapshot, rows: ListItemRow[]): ListItem[] {
  return rows.map((row) => toListItem(row, snapshot, app.media));
}

/**
 * An owner's answer is theirs alone, and everything else it depends on is in the URL (list, page, filters,
 * sort): another user asking for the same URL misses, and is refused by the database.
 */
function ownerAnswerKey(request: FastifyRequest): string {
  return `${currentUser(request).id} ${request.url}`;
}

/** A private answer serialized once: sent as it is (the owner's routes say `no-store`, so no ETag). */
function sendJson(reply: FastifyReply, answer: CachedJson): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

function sendCsv(reply: FastifyReply, listName: string, csv: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(listName)}"`)
    .send(csv);
}

const ownerRoutes =
  (answers: ListAnswers): FastifyPluginAsyncZod =>
  async (app) => {
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
      async (request) => listsOfUser(app.db, currentUser(request).id),
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
        const { lists, total } = await listsPageOfUser(app.db, currentUser(request).id, page, page_size);
        return { items: lists, page, page_size, total, has_more: page * page_size < total };
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
        const created = await createList(app.db, currentUser(request).id, name);
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
          params: idParams,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (!isPossibleId(id) || !(await deleteList(app.db, currentUser(request).id, id)))
          throw listNotFound();
        listChanged(app, answers, id);
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
          params: idParams,
          body: addItemBody,
          consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
          response: { 200: readingListSchema, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const seriesId = request.body.series_id;
        if (!isPossibleId(id)) throw listNotFound();
        if (!isPossibleId(seriesId)) throw httpError(404, SERIES_NOT_FOUND, { code: CODES.seriesNotFound });
        const outcome = await addItem(
          app.db,
          currentUser(request).id,
          id,
          seriesId,
          app.config.READING_LIST_MAX_ITEMS,
        );
        if (outcome === 'list-not-found') throw listNotFound();
        if (outcome === 'series-not-found') {
          throw httpError(404, SERIES_NOT_FOUND, { code: CODES.seriesNotFound });
        }
        if (outcome === 'full') throw httpError(400, LIST_FULL, { code: CODES.full });
        listChanged(app, answers, id);
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
        if (!isPossibleId(id)) throw listNotFound();
        const outcome = isPossibleId(seriesId)
          ? await removeItem(app.db, currentUser(request).id, id, seriesId)
          : 'not-in-list';
        if (outcome === 'list-not-found') throw listNotFound();
        if (outcome === 'not-in-list') throw httpError(404, SERIES_NOT_IN_LIST, { code: CODES.notInList });
        listChanged(app, answers, id);
        return outcome;
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
          params: idParams,
          querystring: listItemsQuery,
          response: {
            200: listItemsPageSchema,
            ...errors,
          },
        },
        // An owner paging and filtering their list asks the same URLs again: those are answered from memory
        // before validation (the URL validated when its answer was made) and without a promise.
        preValidation: (request, reply, done) => {
          const snapshot = app.catalogue.servableSnapshot();
          const cached = snapshot && answers.owner.get(ownerAnswerKey(request), snapshot);
          if (cached) sendJson(reply, cached);
          else done();
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { page, page_size, ...filter } = request.query;
        if (!isPossibleId(id)) throw listNotFound();
        const userId = currentUser(request).id;
        const key = ownerAnswerKey(request);
        const snapshot = await app.catalogue.snapshot();
        const generation = answers.owner.generation;
        const found = await itemsOfUser(app.db, userId, id, {
          filter,
          minVoters: app.config.RANKING_MIN_VOTERS,
          page: { page, pageSize: page_size },
        });
        if (!found) throw listNotFound();
        const answer = cachedJson({
          items: presentItems(app, snapshot, found.items),
          page,
          page_size,
          total: found.total,
          has_more: page * page_size < found.total,
          item_count: found.itemCount,
        } satisfies ListItemsPage);
        answers.owner.set(key, id, generation, snapshot, answer);
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
          params: idParams,
          response: { 200: readingListSchema, ...errors },
        },
        handler: async (request) => {
          const { id } = request.params;
          const list = isPossibleId(id) && (await setShared(app.db, currentUser(request).id, id, shared));
          if (!list) throw listNotFound();
          listChanged(app, answers, id);
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
          params: idParams,
          querystring: publicListQuery,
          produces: ['text/csv'],
          response: { 200: listCsvSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const snapshot = await app.catalogue.snapshot();
        const found =
          isPossibleId(id) &&
          (await itemsOfUser(app.db, currentUser(request).id, id, {
            filter: { sort: request.query.sort },
            minVoters: app.config.RANKING_MIN_VOTERS,
          }));
        if (!found) throw listNotFound();
        return sendCsv(
          reply,
          found.name,
          itemsCsv(presentItems(app, snapshot, found.items), app.config.SITE_URL),
        );
      },
    );
  };

const publicRoutes =
  (sharedAnswers: ListAnswerCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      // Revocation must take effect at once, and a shared list is not for search engines.
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
        const { token } = request.params;
        const { sort } = request.query;
        const key = `${token}\n${sort}`;
        const snapshot = await app.catalogue.snapshot();
        const cached = sharedAnswers.get(key, snapshot);
        if (cached) return sendCachedJson(request, reply, cached, REVALIDATE);

        const generation = sharedAnswers.generation;
        const found = await sharedListItems(app.db, token, {
          filter: { sort },
          minVoters: app.config.RANKING_MIN_VOTERS,
        });
        if (!found) throw listNotFound();
        const answer = cachedJson({
          name: found.name,
          item_count: found.itemCount,
          items: presentItems(app, snapshot, found.items),
        } satisfies PublicReadingList);
        sharedAnswers.set(key, found.listId, generation, snapshot, answer);
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
        const snapshot = await app.catalogue.snapshot();
        const found = await sharedListItems(app.db, request.params.token, {
          filter: { sort: request.query.sort },
          minVoters: app.config.RANKING_MIN_VOTERS,
        });
        if (!found) throw listNotFound();
        reply.header('cache-control', PRIVATE_NO_STORE);
        return sendCsv(
          reply,
          found.name,
          itemsCsv(presentItems(app, snapshot, found.items), app.config.SITE_URL),
        );
      },
    );
  };

export default readingListRoutes;
