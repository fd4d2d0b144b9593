import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  TOO_MANY_REQUESTS,
  VALUE_OUT_OF_RANGE,
  VALUE_OUT_OF_RANGE_CODE,
  type FieldError,
  type NotFoundAnswer,
} from '../../contract/http';
import { postgresErrorCode } from '../db/postgres-errors';
import { discardRefusedBody } from './bounded-requests';
import {
  defaultErrorCode,
  fieldsWithNul,
  HttpError,
  NUL_CHARACTER_MESSAGE,
  ValidationHttpError,
} from '../http-error';

/**
 * Every error leaves as `{detail}` (string), validation as 422 with an `errors` list, and nothing a client
 * sends can produce a 500: Fastify's own 4xx errors keep their status.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error.statusCode === 413 && !request.raw.complete) {
        // Answered only once the body has been read (see discardRefusedBody); the answer is returned, not
        // sent, so that Fastify sends it when this promise settles.
        return discardRefusedBody(request, reply).then(() => {
          if (error instanceof HttpError) reply.headers(error.headers);
          reply.status(413);
          return {
            detail: error.message,
            code: error instanceof HttpError ? error.code : defaultErrorCode(413),
          };
        });
      }
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        const errors = error instanceof ValidationHttpError ? { errors: error.errors } : {};
        return reply
          .status(error.statusCode)
          .send({ detail: error.detailObject ?? error.message, code: error.code, ...errors });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const notFound = namesNothing(error.validation);
        if (notFound) return reply.status(404).send({ detail: notFound.detail, code: notFound.code });
        const errors: FieldError[] = error.validation.map((issue) => ({
          field: fieldName(issue.instancePath, issue.params),
          message: issue.message ?? 'Invalid value',
        }));
        const first = errors[0];
        const detail = first
          ? first.field
            ? `${first.field}: ${first.message}`
            : first.message
          : 'Invalid request';
        return reply.status(422).send({ detail, code: defaultErrorCode(422), errors });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const detail = status === 429 ? TOO_MANY_REQUESTS : error.message;
        return reply.status(status).send({ detail, code: defaultErrorCode(status) });
      }
      const sqlState = postgresErrorCode(error);
      if (sqlState !== undefined && REFUSED_VALUE_STATES.has(sqlState)) {
        // Such a value comes from the request (an id past the integer range, text a column cannot hold):
        // the request is bad, not the server. Every input is meant to be checked before its query, so this
        // is also logged as the missing check it is.
        request.log.warn(
          { err: error, sqlState },
          'the database refused a value the API did not check first',
        );
        return reply.status(400).send({ detail: VALUE_OUT_OF_RANGE, code: VALUE_OUT_OF_RANGE_CODE });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: 'Internal server error', code: defaultErrorCode(500) });
    });

    // Text with a NUL character cannot be stored (PostgreSQL refuses it), so it is a bad request for every
    // route: refused here, before any handler could pass it to a query and fail with a 500.
    app.addHook('preValidation', async (request) => {
      const fields = [
        ...fieldsWithNul(request.params),
        ...fieldsWithNul(request.query),
        ...fieldsWithNul(request.body),
      ];
      if (fields.length > 0) {
        throw new ValidationHttpError(fields.map((field) => ({ field, message: NUL_CHARACTER_MESSAGE })));
      }
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({
        detail: `Not found: ${request.method} ${request.url.split('?')[0]}`,
        code: defaultErrorCode(404),
      });
    });
  },
  { name: 'errors' },
);

/**
 * SQLSTATEs of a value the database cannot take (class 22, data exception): numeric value out of range,
 * invalid text representation, string too long, datetime format and overflow, characters the encoding
 * lacks. Division by zero and the like stay 500s: no client value causes them.
 */
const REFUSED_VALUE_STATES = new Set(['22003', '22P02', '22001', '22007', '22008', '22021', '22P05']);

/**
 * The route's not-found answer when the request's only problems are path ids no row can have (`pathId` in
 * contract/http.ts puts it on its zod issue): such an id is answered exactly as an id no row has.
 */
function namesNothing(issues: { params: unknown }[]): NotFoundAnswer | undefined {
  const answers = issues.map(
    (issue) => (issue.params as { params?: { notFound?: NotFoundAnswer } }).params?.notFound,
  );
  return answers.every((answer) => answer !== undefined) ? answers[0] : undefined;
}

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  const missing = (params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path;
  return Array.isArray(missing) ? missing.join('.') : '';
}
