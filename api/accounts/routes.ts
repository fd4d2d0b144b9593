import { eq } from 'drizzle-orm';
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
import { HttpError, httpError, ValidationHttpError } from '../http-error';
import { createMailer } from '../mail/mailer';
import { clientIp } from '../plugins/rate-limit';
import { currentUser } from '../plugins/auth';
import { users as usersTable, type User } from '../db/schema';
import { AltchaCaptcha, CAPTCHA_FAILED, createCaptchaProvider } from './captcha';
import { deleteAccount } from './delete-account';
import { consumeVerificationToken, issueVerificationToken } from './email-verification';
import { createGoogleVerifier, findOrCreateGoogleUser } from './google';
import { hashPassword, verifyPassword } from './passwords';
import { findUserByEmail, findUserByLogin, uniqueViolation, usernameOrEmailTaken } from './users';

const {
  disallowedDomain: DISALLOWED_DOMAIN,
  emailExists: EMAIL_EXISTS,
  usernameExists: USERNAME_EXISTS,
  invalidCredentials: INVALID_CREDENTIALS,
  resendSent: RESEND_MESSAGE,
} = AUTH_TEXTS;

/** Compared against when the user does not exist, so a miss costs as long as a wrong password. */
const decoyPasswordHash = hashPassword('decoy password, never matches a real one');

/**
 * /auth: signup with e-mail verification, password and Google sign-in, the current user, and what the site
 * needs to show the configured captcha. Login, signup and resend are rate-limited per IP and per account.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const captcha = createCaptchaProvider(config, app.db, app.log);
  const mailer = createMailer(config, app.log);
  const google = createGoogleVerifier(config, app.log);
  const allowedDomains = new Set(config.SIGNUP_EMAIL_DOMAINS);
  app.log.info(
    { captcha: captcha.name, mail: mailer.destination, google: Boolean(google) },
    'accounts: captcha, mail and Google sign-in',
  );

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

  async function requireCaptcha(request: FastifyRequest, token: string | undefined): Promise<void> {
    if (!(await captcha.verify(token, request.ip)))
      throw httpError(400, CAPTCHA_FAILED, { code: AUTH_ERROR_CODES.captchaFailed });
  }

  async function sendVerification(user: Pick<User, 'id' | 'email' | 'username'>): Promise<void> {
    const token = await issueVerificationToken(app.db, user.id, config.EMAIL_TOKEN_TTL);
    try {
      await mailer.sendVerificationEmail({ to: user.email, username: user.username, token });
    } catch (error) {
      // The account stands either way; the user can ask for another link from the login page.
      app.log.error({ err: error, userId: user.id }, 'the verification e-mail could not be sent');
    }
  }

  async function loginAnswer(user: User) {
    return {
      access_token: await app.accessTokens.issue(user),
      token_type: 'bearer' as const,
      user: { id: user.id, username: user.username, role: user.role },
    };
  }

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
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!allowedDomains.has(domain)) {
        throw new ValidationHttpError(
          [{ field: 'email', message: DISALLOWED_DOMAIN }],
          DISALLOWED_DOMAIN,
          AUTH_ERROR_CODES.disallowedDomain,
        );
      }
      await requireCaptcha(request, captcha_token);

      const taken = await usernameOrEmailTaken(app.db, username, email);
      if (taken.email) throw httpError(409, EMAIL_EXISTS, { code: AUTH_ERROR_CODES.emailExists });
      if (taken.username) throw httpError(409, USERNAME_EXISTS, { code: AUTH_ERROR_CODES.usernameExists });

      let user: User | undefined;
      try {
        [user] = await app.db
          .insert(usersTable)
          .values({ username, email, passwordHash: await hashPassword(password) })
          .returning();
      } catch (error) {
        // Lost a race with a simultaneous signup for the same e-mail or name. The index PostgreSQL names is
        // whichever it checked first (the username's), so ask again: the e-mail clash is reported first.
        const clash = uniqueViolation(error);
        if (clash !== 'email' && clash !== 'username') throw error;
        const now = await usernameOrEmailTaken(app.db, username, email);
        if (now.email || clash === 'email')
          throw httpError(409, EMAIL_EXISTS, { code: AUTH_ERROR_CODES.emailExists });
        throw httpError(409, USERNAME_EXISTS, { code: AUTH_ERROR_CODES.usernameExists });
      }
      if (!user) throw new Error('the new user was not returned');
      await sendVerification(user);
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
      await requireCaptcha(request, body.captcha_token);

      const user = await findUserByLogin(app.db, login);
      // Google-only accounts have no password and cannot log in with one.
      let passwordMatches = false;
      if (user?.passwordHash) passwordMatches = await verifyPassword(user.passwordHash, password);
      else await verifyPassword(await decoyPasswordHash, password);
      if (!user || !passwordMatches)
        throw httpError(401, INVALID_CREDENTIALS, { code: AUTH_ERROR_CODES.invalidCredentials });
      if (!user.emailVerifiedAt)
        throw httpError(403, AUTH_TEXTS.emailNotVerified, { code: AUTH_ERROR_CODES.emailNotVerified });
      return loginAnswer(user);
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
      const outcome = await consumeVerificationToken(app.db, token);
      if (outcome === 'expired')
        throw httpError(400, AUTH_TEXTS.verificationExpired, { code: AUTH_ERROR_CODES.verificationExpired });
      if (outcome === 'invalid')
        throw httpError(400, AUTH_TEXTS.verificationInvalid, { code: AUTH_ERROR_CODES.verificationInvalid });
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
      await requireCaptcha(request, body.captcha_token);

      const user = email ? await findUserByEmail(app.db, email) : await findUserByLogin(app.db, username!);
      // Verified accounts get nothing; the answer never says which case applied.
      if (user && !user.emailVerifiedAt) await sendVerification(user);
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
      if (!google) throw new HttpError(404, AUTH_TEXTS.googleNotConfigured);
      const idToken = request.body?.token?.trim();
      if (!idToken) throw new HttpError(400, AUTH_TEXTS.missingGoogleToken);
      const identity = await google.verify(idToken);
      if (!identity) throw new HttpError(401, AUTH_TEXTS.invalidGoogleToken);
      return loginAnswer(await findOrCreateGoogleUser(app.db, identity, app.invalidateUser));
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
      const { id, username, email, role } = currentUser(request);
      const [row] = await app.db
        .select({ passwordHash: usersTable.passwordHash, emailDigest: usersTable.emailDigest })
        .from(usersTable)
        .where(eq(usersTable.id, id));
      return {
        id,
        username,
        email,
        role,
        has_password: Boolean(row?.passwordHash),
        email_digest: row?.emailDigest ?? 'never',
      };
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
          'transaction: its votes leave every total, voter count and score, its reading lists and likes are ' +
          'deleted, its forum threads and posts stay with `author_username: null` ("Anonymous").',
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
      const { id } = currentUser(request);
      const [row] = await app.db
        .select({ passwordHash: usersTable.passwordHash })
        .from(usersTable)
        .where(eq(usersTable.id, id));
      const password = request.body?.password ?? '';
      // The same answer for a missing and a wrong password; a Google-only account has none to give.
      if (row?.passwordHash && !(await verifyPassword(row.passwordHash, password))) {
        throw httpError(403, INVALID_CREDENTIALS, { code: AUTH_ERROR_CODES.invalidCredentials });
      }
      const changedSeries = await deleteAccount(app.db, id);
      // The token dies on every instance before the answer goes.
      await app.invalidateUser(id);
      if (changedSeries) {
        if (changedSeries.length > 0) await app.catalogue.seriesChanged(changedSeries);
        // Lists went with the account: every instance, this one included, drops what it cached of them.
        await app.readingLists.everythingChanged();
        // Its posts now read "Anonymous" and the posts it liked count one like less, here and elsewhere.
        app.forum.everythingChanged();
      }
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
    async () => ({
      captcha_provider: captcha.name,
      turnstile_site_key: captcha.name === 'turnstile' ? (config.TURNSTILE_SITE_KEY ?? null) : null,
      google_client_id: config.GOOGLE_CLIENT_ID ?? null,
    }),
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
      if (!(captcha instanceof AltchaCaptcha)) throw new HttpError(404, 'ALTCHA is not enabled');
      reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
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
