import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizeCheck, AuthorizeRedirect, CreatedOAuthApp } from '../../contract/apps';
import { BearerTokens } from '../../api/apps/bearer';
import { oauthTokens } from '../../api/db/schema';
import { createUserWithToken, newCredentials } from './auth-helpers';
import {
  expectOnOtherInstance,
  startSecondInstance,
  startTestServer,
  type SecondInstance,
  type TestServer,
} from './harness';
import { APPS_TEST_ENV, fetchVia, ISSUER, registerApp, v1 } from './apps-helpers';
import { sql } from 'drizzle-orm';

const REDIRECT = 'com.example.tachi:/callback';

/**
 * OAuth 2.0 with PKCE, driven as a real app drives it: oauth4webapi (a maintained OAuth client) discovers the
 * server, checks the authorization response and makes the token, refresh and revocation requests; the
 * consent page's calls are made as the site makes them, with the reader's site token.
 */
describe('OAuth apps', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  let reader: { id: number; token: string };
  let options: { [oauth.customFetch]: ReturnType<typeof fetchVia> };

  beforeAll(async () => {
    server = await startTestServer({ ...APPS_TEST_ENV, V1_RATE_LIMIT_MAX: '1000' });
    options = { [oauth.customFetch]: fetchVia(server) };
    reader = await createUserWithToken(server);
    const issuer = new URL(ISSUER);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An app registered by a developer of its own (each reader registers up to 10). */
  async function newApp(options: Parameters<typeof registerApp>[2] = {}) {
    const developer = await createUserWithToken(server);
    return registerApp(server, developer.token, options);
  }

  /** What the site's consent page sends on: the app's authorization request. */
  function authorizationRequest(app: CreatedOAuthApp, extra: Record<string, string | undefined> = {}) {
    const fields: Record<string, string | undefined> = {
      client_id: app.client_id,
      redirect_uri: app.redirect_uris[0],
      response_type: 'code',
      scope: 'library.read library.write profile',
      state: 'st-123',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ...extra,
    };
    return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
      string,
      string
    >;
  }

  async function check(fields: Record<string, string>, token: string | undefined = reader.token) {
    const response = await server.request(`/oauth/authorize/check?${new URLSearchParams(fields)}`, { token });
    return { status: response.status, body: (await response.json()) as AuthorizeCheck & { error?: string } };
  }

  async function decide(fields: Record<string, string>, decision: 'allow' | 'deny', token = reader.token) {
    const response = await server.request('/oauth/authorize', {
      method: 'POST',
      token,
      json: { ...fields, decision },
    });
    return {
      status: response.status,
      body: (await response.json()) as AuthorizeRedirect & { error?: string },
    };
  }

  /** The whole authorization as an app with PKCE: the code's callback parameters and the verifier. */
  async function authorize(
    app: CreatedOAuthApp,
    scope = 'library.read library.write profile',
    token = reader.token,
  ) {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const fields = authorizationRequest(app, {
      scope,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    });
    const checked = await check(fields, token);
    expect(checked.status).toBe(200);
    const allowed = await decide(fields, 'allow', token);
    expect(allowed.status).toBe(200);
    const client: oauth.Client = { client_id: app.client_id };
    const params = oauth.validateAuthResponse(as, client, new URL(allowed.body.redirect_to), state);
    return { params, verifier, client };
  }

  async function exchange(
    app: CreatedOAuthApp,
    params: URLSearchParams,
    verifier: string,
    auth = oauth.None(),
  ) {
    const client: oauth.Client = { client_id: app.client_id };
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      app.redirect_uris[0]!,
      verifier,
      options,
    );
    return oauth.processAuthorizationCodeResponse(as, client, response);
  }

  /** The token endpoint's raw answer to a code exchange. */
  async function rawExchange(fields: Record<string, string>) {
    const response = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', ...fields }),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, string>,
    };
  }

  it('answers hostile token and revocation requests with RFC 6749 errors, never a 5xx', async () => {
    const app = await newApp();
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body,
      });
    const cases: [string, string, Record<string, string>?][] = [
      ['/oauth/token', ''],
      ['/oauth/token', 'grant_type=password&username=a&password=b'],
      ['/oauth/token', `grant_type=client_credentials&client_id=${app.client_id}`],
      ['/oauth/token', `grant_type=authorization_code&client_id=${app.client_id}`],
      [
        '/oauth/token',
        `grant_type=authorization_code&client_id=${app.client_id}&code=%00%01&code_verifier=x`,
      ],
      [
        '/oauth/token',
        `grant_type=refresh_token&client_id=${app.client_id}&refresh_token=${'x'.repeat(5000)}`,
      ],
      ['/oauth/token', `grant_type=refresh_token&client_id=${'y'.repeat(5000)}&refresh_token=prk_rt_x`],
      ['/oauth/token', 'grant_type=refresh_token&refresh_token=prk_rt_x', { authorization: 'Basic %%%' }],
      ['/oauth/token', 'grant_type=refresh_token&refresh_token=prk_rt_x', { authorization: 'Basic Og==' }],
      ['/oauth/token', '{"grant_type":"refresh_token"}', { 'content-type': 'application/json' }],
      ['/oauth/revoke', 'token=prk_at_x'],
      ['/oauth/revoke', `client_id=${app.client_id}`],
      ['/oauth/revoke', `client_id=${app.client_id}&client_secret=nope&token=x`],
    ];
    for (const [path, body, headers] of cases) {
      const answer = await post(path, body, headers);
      expect([400, 401], `${path} ${body.slice(0, 80)}`).toContain(answer.status);
      expect(await answer.json()).toMatchObject({ error: expect.any(String) });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('publishes RFC 8414 metadata: the site’s consent page, S256 only, the token and revocation endpoints', () => {
    expect(as.issuer).toBe(ISSUER);
    expect(as.authorization_endpoint).toBe('https://panelrank.test/oauth/authorize');
    expect(as.token_endpoint).toBe(`${ISSUER}/oauth/token`);
    expect(as.revocation_endpoint).toBe(`${ISSUER}/oauth/revoke`);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.scopes_supported).toEqual(['library.read', 'library.write', 'profile']);
    expect(as.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
  });

  it('runs the whole flow: register, check, allow, code with PKCE, /v1 calls, rotating refresh', async () => {
    const app = await newApp();
    expect(app.client_secret).toBeNull();
    expect((await check(authorizationRequest(app))).body).toEqual({
      client_id: app.client_id,
      app_name: 'Tachi',
      scopes: ['library.read', 'library.write', 'profile'],
      redirect_uri: REDIRECT,
    });
    const { params, verifier } = await authorize(app);
    const tokens = await exchange(app, params, verifier);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBeGreaterThan(3590);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect(tokens.scope).toBe('library.read library.write profile');
    expect(tokens.access_token).toMatch(/^prk_at_/);
    expect(tokens.refresh_token).toMatch(/^prk_rt_/);

    const me = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(`${ISSUER}/v1/me`),
      undefined,
      undefined,
      options,
    );
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: reader.id, avatar_url: null });
    expect((await v1(server, tokens.access_token, '/library')).status).toBe(200);

    // The reader sees the app among those they authorized.
    const authorizations = await (
      await server.request('/oauth/authorizations', { token: reader.token })
    ).json();
    expect(authorizations).toEqual([
      expect.objectContaining({
        client_id: app.client_id,
        app_name: 'Tachi',
        scopes: ['library.read', 'library.write', 'profile'],
      }),
    ]);

    // Refresh: a new access token and a new refresh token; the old refresh token is spent.
    const client: oauth.Client = { client_id: app.client_id };
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, options),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await v1(server, refreshed.access_token, '/me')).status).toBe(200);
    const again = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, options),
    );
    expect((await v1(server, again.access_token, '/me')).status).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is replayed', async () => {
    const app = await newApp();
    const { params, verifier } = await authorize(app);
    const first = await exchange(app, params, verifier);
    const client: oauth.Client = { client_id: app.client_id };
    const second = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, options),
    );
    expect((await v1(server, second.access_token, '/me')).status).toBe(200);

    const replay = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      first.refresh_token!,
      options,
    );
    await expect(oauth.processRefreshTokenResponse(as, client, replay)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Every token of the family is dead: the access token issued after the rotation and its refresh token.
    const denied = await v1(server, second.access_token, '/me');
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ error: 'invalid_token' });
    const next = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      second.refresh_token!,
      options,
    );
    await expect(oauth.processRefreshTokenResponse(as, client, next)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('authenticates a confidential client with client_secret_basic or _post, and refuses it without', async () => {
    const app = await newApp({
      client_type: 'confidential',
      redirect_uris: ['https://tracker.example/cb'],
    });
    expect(app.client_secret).toMatch(/^prk_cs_/);
    const withoutSecret = await authorize(app);
    const refused = await rawExchange({
      code: withoutSecret.params.get('code')!,
      client_id: app.client_id,
      redirect_uri: 'https://tracker.example/cb',
      code_verifier: withoutSecret.verifier,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_client');

    const basic = await authorize(app);
    expect(
      (await exchange(app, basic.params, basic.verifier, oauth.ClientSecretBasic(app.client_secret!)))
        .access_token,
    ).toMatch(/^prk_at_/);
    const post = await authorize(app);
    expect(
      (await exchange(app, post.params, post.verifier, oauth.ClientSecretPost(app.client_secret!)))
        .access_token,
    ).toMatch(/^prk_at_/);
    // A wrong secret sent with Basic: 401 invalid_client with a Basic challenge (RFC 6749 section 5.2).
    const wrong = await authorize(app);
    const refusedBasic = await exchange(
      app,
      wrong.params,
      wrong.verifier,
      oauth.ClientSecretBasic('prk_cs_wrong'),
    ).catch((error: unknown) => error);
    expect(refusedBasic).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((refusedBasic as oauth.WWWAuthenticateChallengeError).status).toBe(401);
    expect(await (refusedBasic as oauth.WWWAuthenticateChallengeError).response.json()).toMatchObject({
      error: 'invalid_client',
    });
  });

  it('refuses a wrong or missing code_verifier, and the code is spent either way', async () => {
    const app = await newApp();
    const wrong = await authorize(app);
    await expect(exchange(app, wrong.params, oauth.generateRandomCodeVerifier())).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(exchange(app, wrong.params, wrong.verifier)).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    const missing = await authorize(app);
    const answer = await rawExchange({
      code: missing.params.get('code')!,
      client_id: app.client_id,
      redirect_uri: REDIRECT,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a code past its 60 seconds', async () => {
    const app = await newApp();
    const { params, verifier } = await authorize(app);
    await server.database.db.execute(
      sql`update oauth_codes set expires_at = now() - interval '1 second' where id = (select max(id) from oauth_codes)`,
    );
    await expect(exchange(app, params, verifier)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes what a code issued when the code is used a second time', async () => {
    const app = await newApp();
    const { params, verifier } = await authorize(app);
    const tokens = await exchange(app, params, verifier);
    expect((await v1(server, tokens.access_token, '/me')).status).toBe(200);
    await expect(exchange(app, params, verifier)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await v1(server, tokens.access_token, '/me')).status).toBe(401);
    const client: oauth.Client = { client_id: app.client_id };
    const refresh = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      tokens.refresh_token!,
      options,
    );
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it("refuses another client's code and a redirect URI other than the code's", async () => {
    const mine = await newApp();
    const other = await newApp({
      redirect_uris: [REDIRECT, 'http://127.0.0.1:8123/cb'],
    });
    const { params, verifier } = await authorize(mine);
    const stolen = await rawExchange({
      code: params.get('code')!,
      client_id: other.client_id,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');

    const second = await authorize(other);
    const elsewhere = await rawExchange({
      code: second.params.get('code')!,
      client_id: other.client_id,
      redirect_uri: 'http://127.0.0.1:8123/cb',
      code_verifier: second.verifier,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe('invalid_request');
  });

  it('never redirects to an unregistered redirect URI or for an unknown client', async () => {
    const app = await newApp();
    for (const redirect of [
      'https://evil.example/cb',
      `${REDIRECT}/more`,
      'com.example.tachi:/callback?x=1',
    ]) {
      const checked = await check(authorizationRequest(app, { redirect_uri: redirect }));
      expect(checked.status).toBe(400);
      expect(checked.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
      const decided = await decide(authorizationRequest(app, { redirect_uri: redirect }), 'allow');
      expect(decided.status).toBe(400);
      expect(decided.body).not.toHaveProperty('redirect_to');
    }
    const unknown = await check(authorizationRequest(app, { client_id: 'prk_app_nobody' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_client');
  });

  it('sends request errors back to the app with its state: no PKCE, plain, unknown scope, response_type', async () => {
    const app = await newApp();
    const cases: [Record<string, string | undefined>, string][] = [
      [{ code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: undefined }, 'invalid_request'],
      [{ scope: 'library.read admin' }, 'invalid_scope'],
      [{ scope: '' }, 'invalid_scope'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ];
    for (const [extra, error] of cases) {
      for (const call of [check, (fields: Record<string, string>) => decide(fields, 'allow')]) {
        const answer = await call(authorizationRequest(app, extra));
        expect(answer.status).toBe(200);
        const target = new URL((answer.body as AuthorizeRedirect).redirect_to);
        expect(`${target.protocol}${target.pathname}`).toBe(REDIRECT);
        expect(target.searchParams.get('error')).toBe(error);
        expect(target.searchParams.get('state')).toBe('st-123');
        expect(target.searchParams.get('code')).toBeNull();
      }
    }
  });

  it('answers a denial with access_denied and the state', async () => {
    const app = await newApp();
    const denied = await decide(authorizationRequest(app), 'deny');
    const client: oauth.Client = { client_id: app.client_id };
    expect(() => oauth.validateAuthResponse(as, client, new URL(denied.body.redirect_to), 'st-123')).toThrow(
      expect.objectContaining({ error: 'access_denied' }),
    );
    expect(new URL(denied.body.redirect_to).searchParams.get('state')).toBe('st-123');
  });

  it('takes the decision only with the site token in the Authorization header (a cross-site form cannot)', async () => {
    const app = await newApp();
    const form = await fetch(`${server.url}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${reader.token}` },
      body: new URLSearchParams({ ...authorizationRequest(app), decision: 'allow' }),
    });
    expect(form.status).toBe(401);
    expect((await check(authorizationRequest(app), '')).status).toBe(401);
  });

  it('answers 403 insufficient_scope for a call the token has no scope for', async () => {
    const app = await newApp();
    const { params, verifier } = await authorize(app, 'profile');
    const tokens = await exchange(app, params, verifier);
    const denied = await v1(server, tokens.access_token, '/library');
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: 'insufficient_scope', scope: 'library.read' });
    expect(denied.headers.get('www-authenticate')).toMatch(
      /^Bearer .*error="insufficient_scope".*scope="library.read"/,
    );
    expect((await v1(server, tokens.access_token, '/me')).status).toBe(200);
    expect((await v1(server, tokens.access_token, '/series/search?q=ab')).status).toBe(200);
  });

  it('answers 401 invalid_token with a Bearer challenge: none, unknown, expired, revoked', async () => {
    const none = await v1(server, undefined, '/me');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    expect(await none.json()).toMatchObject({ error: 'invalid_token' });
    const unknown = await v1(server, 'prk_at_unknown', '/me');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    // The site's own token is no library API token.
    expect((await v1(server, reader.token, '/me')).status).toBe(401);

    const app = await newApp();
    const expiring = await authorize(app);
    const expired = await exchange(app, expiring.params, expiring.verifier);
    await server.database.db.execute(
      sql`update ${oauthTokens} set access_expires_at = now() - interval '1 second' where revoked_at is null and user_id = ${reader.id} and id = (select max(id) from ${oauthTokens})`,
    );
    expect((await v1(server, expired.access_token, '/me')).status).toBe(401);

    const revoking = await authorize(app);
    const revoked = await exchange(app, revoking.params, revoking.verifier);
    expect((await v1(server, revoked.access_token, '/me')).status).toBe(200);
    const client: oauth.Client = { client_id: app.client_id };
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), revoked.access_token, options),
    );
    expect((await v1(server, revoked.access_token, '/me')).status).toBe(401);
    const refresh = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      revoked.refresh_token!,
      options,
    );
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // RFC 7009: an unknown token is no error.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), 'prk_rt_unknown', options),
    );
  });

  it('stops serving a remembered access token the moment it expires (a clock moved past it)', async () => {
    const app = await newApp();
    const { params, verifier } = await authorize(app, 'profile');
    const tokens = await exchange(app, params, verifier);
    let clock = Date.now();
    const bearer = new BearerTokens({
      db: server.database.db,
      ttlMs: 3_600_000,
      now: () => clock,
      onError: () => {},
    });
    const grant = await bearer.check(tokens.access_token);
    expect(grant).toMatchObject({ kind: 'access', userId: reader.id });
    expect(bearer.remembered(tokens.access_token)).toBe(grant);
    clock = grant!.expiresAt - 1;
    expect(bearer.remembered(tokens.access_token)).toBe(grant);
    clock = grant!.expiresAt;
    expect(bearer.remembered(tokens.access_token)).toBeUndefined();
    expect(await bearer.check(tokens.access_token)).toBeUndefined();
  });

  it("refuses a deleted account's token", async () => {
    const credentials = newCredentials();
    const gone = await createUserWithToken(server, { credentials });
    const app = await newApp();
    const { params, verifier } = await authorize(app, 'profile', gone.token);
    const tokens = await exchange(app, params, verifier);
    expect((await v1(server, tokens.access_token, '/me')).status).toBe(200);
    const deleted = await server.request('/auth/me', {
      method: 'DELETE',
      token: gone.token,
      json: { password: credentials.password },
    });
    expect(deleted.status).toBe(204);
    expect((await v1(server, tokens.access_token, '/me')).status).toBe(401);
  });

  it("stops the tokens of a deleted account's apps at once", async () => {
    const credentials = newCredentials();
    const developer = await createUserWithToken(server, { credentials });
    const app = await registerApp(server, developer.token);
    const { params, verifier } = await authorize(app, 'profile');
    const tokens = await exchange(app, params, verifier);
    expect((await v1(server, tokens.access_token, '/me')).status).toBe(200);
    const deleted = await server.request('/auth/me', {
      method: 'DELETE',
      token: developer.token,
      json: { password: credentials.password },
    });
    expect(deleted.status).toBe(204);
    expect((await v1(server, tokens.access_token, '/me')).status).toBe(401);
  });

  describe('with a second instance', () => {
    let second: SecondInstance;
    beforeAll(async () => {
      second = await startSecondInstance(server);
    });
    afterAll(async () => {
      await second?.close();
    });

    it('stops an app on every instance when the reader revokes it; deleting an app does too', async () => {
      const app = await registerApp(server, reader.token);
      const { params, verifier } = await authorize(app);
      const tokens = await exchange(app, params, verifier);
      const onSecond = async () =>
        (await fetch(`${second.url}/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } }))
          .status;
      expect(await onSecond()).toBe(200);
      const revoked = await server.request(`/oauth/authorizations/${app.client_id}`, {
        method: 'DELETE',
        token: reader.token,
      });
      expect(revoked.status).toBe(204);
      expect((await v1(server, tokens.access_token, '/me')).status).toBe(401);
      await expectOnOtherInstance(onSecond, 401);
      const listed = (await (
        await server.request('/oauth/authorizations', { token: reader.token })
      ).json()) as { client_id: string }[];
      expect(listed.map((entry) => entry.client_id)).not.toContain(app.client_id);
      expect(
        (
          await server.request(`/oauth/authorizations/${app.client_id}`, {
            method: 'DELETE',
            token: reader.token,
          })
        ).status,
      ).toBe(404);

      const again = await authorize(app);
      const more = await exchange(app, again.params, again.verifier);
      const moreOnSecond = async () =>
        (await fetch(`${second.url}/v1/me`, { headers: { authorization: `Bearer ${more.access_token}` } }))
          .status;
      expect(await moreOnSecond()).toBe(200);
      expect(
        (await server.request(`/oauth/apps/${app.client_id}`, { method: 'DELETE', token: reader.token }))
          .status,
      ).toBe(204);
      await expectOnOtherInstance(moreOnSecond, 401);
    });
  });
});
