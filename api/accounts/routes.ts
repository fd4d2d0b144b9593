import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_ERROR_CODES,
  AUTH_TEXTS,
  authConfigSchema,
  deleteAccountBodySchema,
  googleBodySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  resendBodySchema,
  signupBodySchema,
  verifyEmailQuerySchema,
} from '../../contract/accounts';
import { errorSchema, messageSchema, noContentSchema, validationErrorSchema } from '../../contract/http';
import { HttpError, httpError, notFound, ValidationHttpError } from '../http-error';
import { clientIp } from '../plugins/rate-limit';
import { currentUser } from '../plugins/auth';
import { CAPTCHA_FAILED } from './captcha';
import type { AccountRefusal } from './service';

const {
  disallowedDomain: DISALLOWED_DOMAIN,
  emailExists: EMAIL_EXISTS,
  usernameExists: USERNAME_EXISTS,
  invalidCredentials: INVALID_CREDENTIALS,
  resendSent: RESEND_MESSAGE,
} = AUTH_TEXTS;

/** The answer to each refusal of the accounts service. */
const REFUSALS: Record<AccountRefusal, () => HttpError> = {
  'disallowed-domain': () =>
    new ValidationHttpError(
      [{ field: 'email', message: DISALLOWED_DOMAIN }],
      DISALLOWED_DOMAIN,
      AUTH_ERROR_CODES.disallowedDomain,
    ),
  'captcha-failed': () => httpError(400, CAPTCHA_FAILED, { code: AUTH_ERROR_CODES.captchaFailed }),
  'email-exists': () => httpError(409, EMAIL_EXISTS, { code: AUTH_ERROR_CODES.emailExists }),
  'username-exists': () => httpError(409, USERNAME_EXISTS, { code: AUTH_ERROR_CODES.usernameExists }),
  'invalid-credentials': () =>
    httpError(401, INVALID_CREDENTIALS, { code: AUTH_ERROR_CODES.invalidCredentials }),
  'email-not-verified': () =>
    httpError(403, AUTH_TEXTS.emailNotVerified, { code: AUTH_ERROR_CODES.emailNotVerified }),
  'verification-expired': () =>
    httpError(400, AUTH_TEXTS.verificationExpired, { code: AUTH_ERROR_CODES.verificationExpired }),
  'verification-invalid': () =>
    httpError(400, AUTH_TEXTS.verificationInvalid, { code: AUTH_ERROR_CODES.verificationInvalid }),
  'invalid-google-token': () => new HttpError(401, AUTH_TEXTS.invalidGoogleToken),
  // The same answer for a missing and a wrong password.
  'wrong-password': () => httpError(403, INVALID_CREDENTIALS, { code: AUTH_ERROR_CODES.invalidCredentials }),
};

/** Throws the refusal's answer; passes anything else through. */
function unlessRefused<T>(outcome: T | AccountRefusal): Exclude<T, AccountRefusal> {
  if (typeof outcome === 'string' && outcome in REFUSALS) throw REFUSALS[outcome as AccountRefusal]();
  return outcome as Exclude<T, AccountRefusal>;
}

/**
 * /auth: signup with e-mail verification, password and Google sign-in, the current user, and what the site
 * needs to show the configured captcha. Login, signup and resend are rate-limited per IP and per account.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, config } = app;

  const limits = (action: string, accountOf: (request: FastifyRequest) => string | undefined) => [
    app.limitRequests({
      name: `${action}-ip`,
      max: config.AUTH_RATE_LIMIT_MAX,
      windowSeconds: config.AUTH_RATE_LIMIT_WINDOW,
      key: clientIp,
    }),
    app.limitRequests({
      name: `${action}-account`,
      max: config.AUTH_RATE_LIMIT_ACCOUNT_MAX,
      windowSeconds: config.AUTH_RATE_LIMIT_WINDOW,
      key: accountOf,
    }),
  ];

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and send a verification e-mail',
        body: signupBodySchema,
        response: { 201: messageSchema, 422: validationErrorSchema },
      },
      preHandler: limits('signup', (request) => accountKey(request, 'email')),
    },
    async (request, reply) => {
      const { username, password, email, captcha_token } = request.body;
      unlessRefused(
        await accounts.signup({ username, password, email, captchaToken: captcha_token, ip: request.ip }),
      );
      return reply.status(201).send({ message: AUTH_TEXTS.signedUp });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with username (or e-mail) and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
      preHandler: limits('login', (request) => accountKey(request, 'username')),
    },
    async (request) => {
      const body = request.body ?? {};
      const login = body.username?.trim() ?? '';
      const password = body.password?.trim() ?? '';
      if (!login || !password) throw new HttpError(400, AUTH_TEXTS.credentialsRequired);
      return unlessRefused(
        await accounts.login({ login, password, captchaToken: body.captcha_token, ip: request.ip }),
      );
    },
  );

  app.get(
    '/auth/verify-email',
    {
      // A HEAD (link checkers) must not use up the single-use token.
      exposeHeadRoute: false,
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the link from the verification e-mail',
        querystring: verifyEmailQuerySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const token = request.query.token?.trim();
      if (!token)
        throw httpError(400, AUTH_TEXTS.missingVerificationToken, {
          code: AUTH_ERROR_CODES.verificationMissing,
        });
      unlessRefused(await accounts.verifyEmail(token));
      return { message: AUTH_TEXTS.verified };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification link (answers the same whether or not the account exists)',
        body: resendBodySchema,
        response: { 200: messageSchema },
      },
      preHandler: limits(
        'resend',
        (request) => accountKey(request, 'email') ?? accountKey(request, 'username'),
      ),
    },
    async (request) => {
      const body = request.body ?? {};
      const email = body.email?.trim().toLowerCase();
      const username = body.username?.trim();
      if (!email && !username) throw new HttpError(400, AUTH_TEXTS.resendNeedsAccount);
      unlessRefused(
        await accounts.resendVerification({
          email,
          login: username,
          captchaToken: body.captcha_token,
          ip: request.ip,
        }),
      );
      return { message: RESEND_MESSAGE };
    },
  );

  app.post(
    '/auth/google-oauth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token; creates a verified account on first use',
        body: googleBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      if (!accounts.googleSignInEnabled)
        throw notFound(AUTH_TEXTS.googleNotConfigured, AUTH_ERROR_CODES.googleNotConfigured);
      const idToken = request.body?.token?.trim();
      if (!idToken) throw new HttpError(400, AUTH_TEXTS.missingGoogleToken);
      return unlessRefused(await accounts.googleSignIn(idToken));
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: {
          200: meResponseSchema,
        },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accounts.me(currentUser(request));
    },
  );

  app.delete(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Delete the signed-in account',
        description:
          'JSON `{password}` (not needed for accounts made by Google sign-in). The account goes in one ' +
          'transaction: its votes leave every total, voter count and score, its reading lists, reviews, likes and ' +
          'helpful marks are deleted, its forum threads and posts stay with `author_username: null` ("Anonymous"), ' +
          'its avatar file is removed and its profile answers 404.',
        security: [{ bearer: [] }],
        body: deleteAccountBodySchema,
        response: {
          204: noContentSchema,
          401: errorSchema,
          403: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
      onRequest: [app.authenticate, app.limitWrites('accounts')],
    },
    async (request, reply) => {
      unlessRefused(await accounts.deleteAccount(currentUser(request).id, request.body?.password ?? ''));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which captcha and sign-in options the site should show',
        response: {
          200: authConfigSchema,
        },
      },
    },
    async () => accounts.publicConfig(),
  );

  app.get(
    '/auth/captcha/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'A fresh ALTCHA challenge for the widget (when CAPTCHA_PROVIDER=altcha)',
      },
    },
    async (_request, reply) => {
      const challenge = accounts.captchaChallenge();
      if (!challenge) throw notFound(AUTH_TEXTS.altchaNotEnabled, AUTH_ERROR_CODES.altchaNotEnabled);
      reply.header('cache-control', 'no-store');
      return challenge;
    },
  );
};

/** The per-account rate-limit key: a body field, trimmed and lowercased; undefined when absent. */
function accountKey(request: FastifyRequest, field: string): string | undefined {
  const value = (request.body as Record<string, unknown> | null | undefined)?.[field];
  if (typeof value !== 'string') return undefined;
  return value.trim().toLowerCase() || undefined;
}

export default accountRoutes;
