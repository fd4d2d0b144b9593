import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_CREATED_LIST_NAME,
  bearerErrorSchema,
  LIBRARY_PAGE_SIZE,
  libraryEntrySchema,
  libraryPageSchema,
  libraryPutBody,
  libraryQuery,
  librarySeriesParams,
  OAUTH_ERROR_TEXTS,
  V1_SEARCH_MAX_RESULTS,
  v1MeSchema,
  v1SearchQuery,
  v1SeriesByParams,
  v1SeriesListSchema,
  v1SeriesSchema,
  type OAuthScope,
} from '../../contract/apps';
import { MANGAUPDATES_ID_PATTERN, seriesIdParams } from '../../contract/catalogue';
import { errorSchema, MAX_ID, noContentSchema, validationErrorSchema } from '../../contract/http';
import { PRIVATE_NO_STORE } from '../http-cache';
import { bearerToken } from '../plugins/auth';
import type { BearerGrant } from './bearer';
import { appsErrors } from './errors';
import { toLibraryEntry, toV1Series } from './presenters';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the library API's bearer token grants (set by its hook). */
    apiGrant: BearerGrant | null;
  }
}

const REALM = 'realm="PanelRank"';
const security = [{ bearer: [] }];
const denied = { 401: bearerErrorSchema, 403: bearerErrorSchema, 429: errorSchema };

function invalidToken(reply: FastifyReply, described: boolean): FastifyReply {
  // RFC 6750 section 3.1: a request without a token gets the challenge alone, a bad token says why.
  const challenge = described
    ? `Bearer ${REALM}, error="invalid_token", error_description="${OAUTH_ERROR_TEXTS.invalidToken}"`
    : `Bearer ${REALM}`;
  return reply
    .status(401)
    .header('www-authenticate', challenge)
    .send({ error: 'invalid_token', error_description: OAUTH_ERROR_TEXTS.invalidToken });
}

/**
 * The library API, `/v1` (docs/features/apps.md): an OAuth access token or a personal access token as the
 * bearer, each call needing the scope shown. CORS open to any origin without credentials. The reader's
 * library is every item of their reading lists (reading lists' service does every read and write, so a
 * change here shows on the site at once, on every instance).
 */
const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('apiGrant', null);
  const { apps } = app;

  // A token checked lately is settled without a promise, as the site's tokens are (plugins/auth.ts).
  function authenticate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    reply.header('cache-control', PRIVATE_NO_STORE);
    const token = bearerToken(request);
    if (token === undefined) return void invalidToken(reply, false);
    const grant = apps.bearer.remembered(token);
    if (grant) {
      request.apiGrant = grant;
      return done();
    }
    apps.bearer.check(token).then((checked) => {
      if (!checked) return void invalidToken(reply, true);
      request.apiGrant = checked;
      done();
    }, done);
  }
  app.addHook('onRequest', authenticate);
  app.addHook(
    'preHandler',
    app.limitRequests({
      name: 'v1',
      max: app.config.V1_RATE_LIMIT_MAX,
      windowSeconds: app.config.V1_RATE_LIMIT_WINDOW,
      key: (request) => request.apiGrant?.limitKey,
      detail: OAUTH_ERROR_TEXTS.tooMany,
    }),
  );

  /** preHandler: 403 insufficient_scope unless the token has the scope. */
  const requireScope =
    (scope: OAuthScope) => (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (request.apiGrant?.scopes.has(scope)) return done();
      const description = OAUTH_ERROR_TEXTS.insufficientScope(scope);
      reply
        .status(403)
        .header(
          'www-authenticate',
          `Bearer ${REALM}, error="insufficient_scope", error_description="${description}", scope="${scope}"`,
        )
        .send({ error: 'insufficient_scope', error_description: description, scope });
    };
  const grantOf = (request: FastifyRequest) => request.apiGrant!;

  app.get(
    '/v1/me',
    {
      schema: {
        tags: ['library API'],
        summary: 'Who the token acts for (scope profile)',
        security,
        response: { 200: v1MeSchema, ...denied },
      },
      preHandler: requireScope('profile'),
    },
    async (request) => {
      const { userId, username } = grantOf(request);
      const profile = await app.profiles.profile(username);
      return { id: userId, username, avatar_url: profile?.avatar_url ?? null };
    },
  );

  app.get(
    '/v1/library',
    {
      schema: {
        tags: ['library API'],
        summary: "A page of the reader's library (scope library.read)",
        description:
          `Every series of the reader's reading lists, ${LIBRARY_PAGE_SIZE} a page by series id; a series in ` +
          'several lists is the entry of the list in the lowest place. `status` filters by reading status.',
        security,
        querystring: libraryQuery,
        response: { 200: libraryPageSchema, ...denied, 422: validationErrorSchema },
      },
      preHandler: requireScope('library.read'),
    },
    async (request) => {
      const { status, page } = request.query;
      const { rows, hasMore } = await app.readingLists.library(
        grantOf(request).userId,
        status,
        page,
        LIBRARY_PAGE_SIZE,
      );
      return { items: rows.map(toLibraryEntry), page, has_more: hasMore };
    },
  );

  app.get(
    '/v1/library/:seriesId',
    {
      schema: {
        tags: ['library API'],
        summary: "The reader's entry of one series (scope library.read)",
        security,
        params: librarySeriesParams,
        response: { 200: libraryEntrySchema, ...denied, 404: errorSchema, 422: validationErrorSchema },
      },
      preHandler: requireScope('library.read'),
    },
    async (request) => {
      const entry = await app.readingLists.libraryEntry(grantOf(request).userId, request.params.seriesId);
      if (!entry) throw appsErrors.notInLibrary();
      return toLibraryEntry(entry);
    },
  );

  app.put(
    '/v1/library/:seriesId',
    {
      schema: {
        tags: ['library API'],
        summary: "Set the reader's entry of a series, adding it when absent (scope library.write)",
        description:
          'Any of the fields; a field left out is kept, `null` clears the score or a date. An absent series ' +
          `is added to \`list_id\`, else to the reader's first list, else to a new list "${API_CREATED_LIST_NAME}". ` +
          'With a `list_id` that holds the series, that list’s entry is the one set.',
        security,
        params: librarySeriesParams,
        body: libraryPutBody,
        response: {
          200: libraryEntrySchema,
          ...denied,
          404: errorSchema,
          409: errorSchema,
          422: validationErrorSchema,
        },
      },
      preHandler: requireScope('library.write'),
    },
    async (request) => {
      const { status, chapters_read, score, started_on, finished_on, list_id } = request.body;
      const outcome = await app.readingLists.putLibraryEntry(
        grantOf(request).userId,
        request.params.seriesId,
        {
          readingStatus: status,
          chaptersRead: chapters_read,
          score,
          startedOn: started_on,
          finishedOn: finished_on,
          listId: list_id,
          newListName: API_CREATED_LIST_NAME,
        },
      );
      if (outcome === 'series-not-found') throw appsErrors.seriesNotFound();
      if (outcome === 'list-not-found' || outcome === 'user-gone') throw appsErrors.listNotFound();
      if (outcome === 'full') throw appsErrors.listFull();
      if (outcome === 'dates-out-of-order') throw appsErrors.datesOutOfOrder();
      return toLibraryEntry(outcome);
    },
  );

  app.delete(
    '/v1/library/:seriesId',
    {
      schema: {
        tags: ['library API'],
        summary:
          "Remove a series from the reader's library: from every list holding it (scope library.write)",
        security,
        params: librarySeriesParams,
        response: { 204: noContentSchema, ...denied, 404: errorSchema, 422: validationErrorSchema },
      },
      preHandler: requireScope('library.write'),
    },
    async (request, reply) => {
      if (!(await app.readingLists.removeFromLibrary(grantOf(request).userId, request.params.seriesId))) {
        throw appsErrors.notInLibrary();
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/series/search',
    {
      schema: {
        tags: ['library API'],
        summary: 'Search the catalogue (any scope)',
        description: `At most ${V1_SEARCH_MAX_RESULTS} series, the most relevant first.`,
        security,
        querystring: v1SearchQuery,
        response: { 200: v1SeriesListSchema, ...denied, 422: validationErrorSchema },
      },
    },
    async (request) =>
      (await app.catalogue.searchEntries(request.query.q, V1_SEARCH_MAX_RESULTS)).map(toV1Series),
  );

  app.get(
    '/v1/series/:id',
    {
      schema: {
        tags: ['library API'],
        summary: 'One series (any scope)',
        security,
        params: seriesIdParams,
        response: { 200: v1SeriesSchema, ...denied, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const entry = await app.catalogue.entry(request.params.id);
      if (!entry) throw appsErrors.seriesNotFound();
      return toV1Series(entry);
    },
  );

  app.get(
    '/v1/series/by/:site/:externalId',
    {
      schema: {
        tags: ['library API'],
        summary: 'A series by its MyAnimeList, AniList or MangaUpdates id (any scope)',
        security,
        params: v1SeriesByParams,
        response: { 200: v1SeriesSchema, ...denied, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { site, externalId } = request.params;
      const entry = await seriesByExternalId(site, externalId);
      if (!entry) throw appsErrors.seriesNotFound();
      return toV1Series(entry);
    },
  );

  async function seriesByExternalId(site: 'myanimelist' | 'anilist' | 'mangaupdates', id: string) {
    if (site === 'mangaupdates') {
      return MANGAUPDATES_ID_PATTERN.test(id)
        ? app.catalogue.entryByExternalId('mangaupdates_id', id)
        : undefined;
    }
    // MyAnimeList and AniList ids are integers of the `integer` columns' range.
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) return undefined;
    return app.catalogue.entryByExternalId(site === 'myanimelist' ? 'mal_id' : 'anilist_id', Number(id));
  }
};

export default libraryRoutes;
