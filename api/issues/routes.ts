import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, noContentSchema, validationErrorSchema } from '../../contract/http';
import {
  ISSUE_ERROR_CODES,
  ISSUE_SCREENSHOT_MAX_BYTES,
  ISSUE_STATUSES,
  ISSUE_TEXTS,
  ISSUE_TITLE_MAX_LENGTH,
  ISSUE_TYPES,
  issueCountsQuerySchema,
  issueCountsSchema,
  issueIdParams,
  issueListQuerySchema,
  issueListSchema,
  issueReportedSchema,
  reportFormRedirectSchema,
  issueReportFields,
  issueSchema,
  issueStatusBodySchema,
} from '../../contract/issues';
import { addVary, PRIVATE_NO_STORE, sendCachedJson } from '../http-cache';
import { httpError, ValidationHttpError } from '../http-error';
import { currentUser, isAdmin } from '../plugins/auth';
import { uploadedFileField } from '../plugins/forms';
import { adminWriteLimit, clientIp } from '../plugins/rate-limit';
import { sendNavigationsToOutcomePage } from './form-navigation';

/** Visitors' answers may be kept by browsers and shared caches, but are checked (ETag) before each use. */
const PUBLIC_REVALIDATE = 'public, no-cache';

const reportBody = z.object({
  ...issueReportFields,
  // A form with no file chosen sends an empty field: no screenshot.
  screenshot: z.preprocess(
    (value) => (value === '' ? undefined : value),
    uploadedFileField('PNG, JPEG, WebP or GIF (by its bytes), at most 2 MB').optional(),
  ),
});

const issueNotFound = () => httpError(404, ISSUE_TEXTS.notFound, { code: ISSUE_ERROR_CODES.notFound });

/**
 * Issue reports and the public tracker (docs/api.md, Issues). Anyone reports (rate-limited per client);
 * everyone reads the tracker; admins change a report's status and delete reports. Authentication is
 * declared per route in onRequest, so a refused call never has its body read.
 */
const issueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const reportLimit = app.limitRequests({
    name: 'issue-report',
    max: config.ISSUE_REPORT_RATE_LIMIT_MAX,
    windowSeconds: config.ISSUE_REPORT_RATE_LIMIT_WINDOW,
    key: clientIp,
    detail: ISSUE_TEXTS.reportingTooFast,
  });

  const adminLimit = adminWriteLimit(app);

  app.post(
    '/issues/report',
    {
      onRequest: reportLimit,
      // A signed-in reporter is remembered, to be told of status changes; a bad token reports anonymously.
      preHandler: app.optionalUser,
      onSend: sendNavigationsToOutcomePage(config.SITE_URL),
      // One byte over the limit marks the file truncated, so the answer can name the limit.
      config: { multipartOptions: { limits: { fileSize: ISSUE_SCREENSHOT_MAX_BYTES + 1, files: 1 } } },
      schema: {
        tags: ['issues'],
        summary: 'Report an issue (no account needed)',
        description:
          `Multipart, urlencoded or JSON: \`type\` (${ISSUE_TYPES.join(', ')}, any case), \`title\` (1–` +
          `${ISSUE_TITLE_MAX_LENGTH} characters), \`description\`, optional \`page_url\` (http(s) or a path), ` +
          'optional `email` (shown to admins only) and, in multipart, an optional `screenshot`. The screenshot ' +
          'is stored re-encoded as WebP, so none of its metadata (EXIF, GPS, text chunks) is kept. Rate-limited ' +
          'per client: 429 with Retry-After. A browser that posts the form without JavaScript (a navigation: ' +
          "`Sec-Fetch-Mode: navigate`) is answered 303 to the site's page for the outcome instead.",
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: reportBody,
        response: {
          201: issueReportedSchema,
          303: reportFormRedirectSchema,
          400: errorSchema,
          413: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { type, title, description, page_url: pageUrl, email, screenshot } = request.body;
      const outcome = await app.issues.report({
        type,
        title,
        description,
        pageUrl,
        email,
        screenshot,
        reporterId: request.user?.id,
      });
      if ('screenshotProblem' in outcome) {
        throw new ValidationHttpError([{ field: 'screenshot', message: outcome.screenshotProblem }]);
      }
      return reply.status(201).send({ message: ISSUE_TEXTS.submitted, id: outcome.id });
    },
  );

  app.get(
    '/issues',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['issues'],
        summary: 'The public tracker: reports, newest first',
        description:
          'An array (older clients expect one) with the total in `X-Total-Count`. `q` matches every word in ' +
          'title or description, ignoring case. `email` is present for admins only; `status_history` lists ' +
          'the latest status changes.',
        querystring: issueListQuerySchema,
        response: { 200: issueListSchema, 304: noContentSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { q, type, status, page, page_size: pageSize } = request.query;
      addVary(reply, 'Authorization');
      if (isAdmin(request.user)) {
        // With e-mails and always fresh: never cached.
        const { issues, total } = await app.issues.adminList({ q, type, status }, { page, pageSize });
        return reply
          .header('x-total-count', String(total))
          .header('cache-control', PRIVATE_NO_STORE)
          .send(issues);
      }
      const answer = await app.issues.publicList({ q, type, status }, { page, pageSize });
      reply.header('x-total-count', String(answer.total ?? 0));
      return sendCachedJson(request, reply, answer, PUBLIC_REVALIDATE);
    },
  );

  app.get(
    '/issues/counts',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['issues'],
        summary: 'How many reports have each status',
        description:
          "For the same `q` and `type` as GET /issues; every status is present. Visitors' answers may be up " +
          "to CACHE_TTL_MS old when another API instance made the change; admins' are always current.",
        querystring: issueCountsQuerySchema,
        response: { 200: issueCountsSchema, 304: noContentSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      addVary(reply, 'Authorization');
      if (isAdmin(request.user)) {
        // Admins see their changes at once, whichever instance answers.
        return reply
          .header('cache-control', PRIVATE_NO_STORE)
          .send(await app.issues.adminCounts(request.query));
      }
      const answer = await app.issues.publicCounts(request.query);
      return sendCachedJson(request, reply, answer, PUBLIC_REVALIDATE);
    },
  );

  app.patch(
    '/issues/:id/status',
    {
      onRequest: [app.requireAdmin, adminLimit],
      schema: {
        tags: ['issues'],
        summary: "Change a report's status (admin)",
        description:
          `\`{status}\`: one of ${ISSUE_STATUSES.join(', ')}. The change is recorded in the report's history; ` +
          'a change to FIXED or WONT_FIX e-mails the reporter once, when they left an address.',
        security: [{ bearer: [] }],
        params: issueIdParams,
        body: issueStatusBodySchema,
        response: {
          200: issueSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const issue = await app.issues.changeStatus(
        request.params.id,
        request.body.status,
        currentUser(request).id,
      );
      if (!issue) throw issueNotFound();
      return issue;
    },
  );

  app.delete(
    '/issues/:id',
    {
      onRequest: [app.requireAdmin, adminLimit],
      schema: {
        tags: ['issues'],
        summary: 'Delete a report and its screenshot (admin)',
        security: [{ bearer: [] }],
        params: issueIdParams,
        response: {
          204: noContentSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!(await app.issues.delete(request.params.id))) throw issueNotFound();
      return reply.status(204).send(null);
    },
  );
};

export default issueRoutes;
