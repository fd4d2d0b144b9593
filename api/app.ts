import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import accountsPlugin from './accounts/plugin';
import appsPlugin from './apps/plugin';
import appsRoutes from './apps/routes';
import accountRoutes from './accounts/routes';
import catalogueAdminRoutes from './catalogue/admin-routes';
import changeFeedPlugin from './plugins/change-feed';
import cataloguePlugin from './catalogue/plugin';
import catalogueRoutes from './catalogue/routes';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import forumPlugin from './forum/plugin';
import forumRoutes from './forum/routes';
import { defaultErrorCode } from './http-error';
import { logSerializers } from './log-redaction';
import healthRoutes from './health/routes';
import issuesPlugin from './issues/plugin';
import digestPlugin from './digest/plugin';
import digestRoutes from './digest/routes';
import retentionPlugin from './retention/plugin';
import reviewsPlugin from './reviews/plugin';
import reviewRoutes from './reviews/routes';
import issueRoutes from './issues/routes';
import mediaPlugin from './media/plugin';
import notificationsPlugin from './notifications/plugin';
import notificationRoutes from './notifications/routes';
import profilesPlugin from './profiles/plugin';
import profileRoutes from './profiles/routes';
import authPlugin from './plugins/auth';
import boundedRequestsPlugin, {
  clientErrorHandler,
  requestId,
  serverTimeouts,
} from './plugins/bounded-requests';
import configPlugin from './plugins/config';
import errorsPlugin from './plugins/errors';
import formsPlugin from './plugins/forms';
import rateLimitPlugin from './plugins/rate-limit';
import readingListsPlugin from './reading-lists/plugin';
import recommendationsPlugin from './recommendations/plugin';
import recommendationRoutes from './recommendations/routes';
import readingListRoutes from './reading-lists/routes';
import securityPlugin from './plugins/security';
import swaggerPlugin from './plugins/swagger';
import rankingPlugin from './ranking/plugin';
import rankingRoutes from './ranking/routes';
import voteReviewRoutes from './ranking/admin-routes';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino logger options; false silences the log (tests). */
  logger?: boolean | object;
  /** Sees every route as it is added (the contract test reads their schemas). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the API; the caller owns listening and the database's lifetime. */
export async function buildApp({
  config,
  database,
  logger,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets in a query string (an OAuth token sent wrongly) are redacted from the logged URL.
    logger:
      logger === false
        ? false
        : {
            serializers: logSerializers,
            ...(logger === true || !logger ? { level: config.LOG_LEVEL } : logger),
          },
    trustProxy: config.TRUST_PROXY,
    // Ids are the server's (see requestId): a forged or oversized X-Request-Id never reaches the logs.
    requestIdHeader: false,
    genReqId: requestId,
    ...serverTimeouts(config),
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // A URL the router cannot decode (`/series/summary/%`) is refused before any hook or error handler:
    // without this, Fastify answers it with its own body instead of the contract's `{detail}`.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply)
        .status(status)
        .header('x-request-id', request.id)
        .send({ detail: status === 400 ? 'Malformed URL' : error.message, code: defaultErrorCode(status) });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(configPlugin, { config, database });
  // Forms first: its multipart hook must fill the body before the errors plugin checks it for NULs.
  await app.register(boundedRequestsPlugin);
  await app.register(formsPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(swaggerPlugin);
  await app.register(rateLimitPlugin);
  await app.register(changeFeedPlugin);
  await app.register(mediaPlugin);
  await app.register(notificationsPlugin);
  await app.register(rankingPlugin);
  await app.register(cataloguePlugin);
  await app.register(forumPlugin);
  await app.register(readingListsPlugin);
  await app.register(recommendationsPlugin);
  await app.register(reviewsPlugin);
  await app.register(issuesPlugin);
  await app.register(profilesPlugin);
  await app.register(accountsPlugin);
  await app.register(authPlugin);
  await app.register(appsPlugin);
  await app.register(digestPlugin);
  await app.register(retentionPlugin);

  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(catalogueRoutes);
  await app.register(catalogueAdminRoutes);
  await app.register(rankingRoutes);
  await app.register(voteReviewRoutes);
  await app.register(readingListRoutes);
  await app.register(recommendationRoutes);
  await app.register(reviewRoutes);
  await app.register(issueRoutes);
  await app.register(forumRoutes);
  await app.register(notificationRoutes);
  await app.register(digestRoutes);
  await app.register(profileRoutes);
  await app.register(appsRoutes);

  return app;
}
