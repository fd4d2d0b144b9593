import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as oauth from 'oauth4webapi';
import { APPS_TEXT, OAUTH_ERROR_TEXTS, SCOPE_WORDS, type LibraryEntry } from '../../contract/apps';
import { PROGRESS_TEXT } from '../../contract/reading-progress-values';
import { APPS_PAGE_TEXT, CONSENT_TEXT } from '../../src/features/apps/apps-texts';
import { apiSignup, nextVerificationLink, newReader, uniqueAccount, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * Apps on the site against the real stack: a reader registers an app on /account/apps; a test app (this
 * file, with oauth4webapi) sends the reader to the consent page with PKCE, the reader allows it, the app
 * exchanges the code and writes progress through /v1, and the reader sees it on /my-lists; revoking the
 * app on /account/apps makes its next call 401. Deny, an unregistered redirect URI, a signed-out reader,
 * personal tokens, the pages' headers and the sitemap too. The app's redirect URI is a loopback address
 * nothing listens on: the browser's visit to it is caught with page.route (it is not our API).
 */

const REDIRECT_URI = 'http://127.0.0.1:7/apps-e2e/callback';
const SCOPE = 'library.read library.write';

const issuer = new URL(e2eStack.apiUrl);
const insecure = { [oauth.allowInsecureRequests]: true };

async function authorizationServer(): Promise<oauth.AuthorizationServer> {
  const response = await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** The app's side of one authorization: its PKCE verifier, state and the consent address. */
async function startAuthorization(
  as: oauth.AuthorizationServer,
  clientId: string,
  redirectUri = REDIRECT_URI,
) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', SCOPE);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { verifier, state, url };
}

/** Catches the browser's visit to the app's redirect URI and answers it as the app would. */
async function catchRedirect(page: Page): Promise<() => Promise<URL>> {
  let reached: (url: URL) => void;
  const visited = new Promise<URL>((resolve) => (reached = resolve));
  await page.route(`${REDIRECT_URI}**`, async (route) => {
    reached(new URL(route.request().url()));
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>App</title><p>Back in the app.</p>',
    });
  });
  // The address the app was sent to, once the page has loaded it: a navigation started before then would
  // interrupt the redirect's own.
  return async () => {
    const url = await visited;
    await page.waitForURL(`${REDIRECT_URI}**`);
    return url;
  };
}

/** Registers a public app on /account/apps through the page; its client ID as the page shows it. */
async function registerApp(page: Page, name: string): Promise<string> {
  await page.goto('/account/apps');
  await page.getByLabel(APPS_PAGE_TEXT.appName, { exact: true }).fill(name);
  await page.getByLabel(APPS_PAGE_TEXT.redirectUris).fill(REDIRECT_URI);
  await page.getByRole('button', { name: APPS_PAGE_TEXT.register }).click();
  const clientId = page.getByLabel(APPS_PAGE_TEXT.clientId, { exact: true });
  await expect(clientId).toHaveValue(/^prk_app_/);
  const value = await clientId.inputValue();
  await expect(page.locator(`[data-app="${value}"]`)).toContainText(name);
  return value;
}

async function firstSeries(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const response = await request.get(`${e2eStack.apiUrl}/series/rankings?page_size=5`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number; title: string }[])[0]!;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('a reader authorizes an app with PKCE, the app writes progress, the reader revokes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const reader = await newReader(request, 'appuser');
  await useSession(page, reader);
  const appName = `Tachi ${Date.now().toString(36)}`;
  const clientId = await registerApp(page, appName);

  const as = await authorizationServer();
  const client: oauth.Client = { client_id: clientId };
  const { verifier, state, url } = await startAuthorization(as, clientId);
  const redirected = await catchRedirect(page);
  await page.goto(url.href);
  await expect(page.getByRole('heading', { name: `${appName} wants to:` })).toBeVisible();
  const asked = page.locator('[data-consent] ul li');
  await expect(asked).toHaveText([SCOPE_WORDS['library.read'], SCOPE_WORDS['library.write']]);
  await expect(page.locator('[data-consent-user]')).toHaveText(reader.user.username);
  await page.getByRole('button', { name: APPS_TEXT.allow }).click();

  const callback = oauth.validateAuthResponse(as, client, await redirected(), state);
  const exchanged = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    callback,
    REDIRECT_URI,
    verifier,
    insecure,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, exchanged);
  expect(tokens.scope).toBe(SCOPE);

  const series = await firstSeries(request);
  const put = await request.put(`${e2eStack.apiUrl}/v1/library/${series.id}`, {
    headers: bearer(tokens.access_token),
    data: { status: 'READING', chapters_read: 57 },
  });
  expect(put.status(), await put.text()).toBe(200);
  const entry = (await put.json()) as LibraryEntry;
  await page.goto(`/my-lists#list-${entry.list_id}`);
  await expect(page.getByLabel(`${PROGRESS_TEXT.chapters}: ${series.title}`)).toHaveValue('57');

  // The reader sees the app under "Apps you authorized", and revokes it.
  await page.goto('/account/apps');
  const authorized = page.locator(`[data-authorization="${clientId}"]`);
  await expect(authorized.getByRole('listitem')).toHaveText([
    SCOPE_WORDS['library.read'],
    SCOPE_WORDS['library.write'],
  ]);
  await authorized.getByRole('button', { name: `${APPS_TEXT.revoke} ${appName}` }).click();
  const dialog = page.getByRole('dialog', { name: APPS_PAGE_TEXT.revokeApp(appName) });
  await dialog.getByRole('button', { name: APPS_TEXT.revoke }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: APPS_PAGE_TEXT.revoked(appName) })).toBeVisible();
  await expect(authorized).toHaveCount(0);
  await expect(page.getByRole('heading', { name: APPS_TEXT.authorizedApps })).toBeFocused();
  await expect(page.getByText(APPS_TEXT.noAuthorizations)).toBeVisible();

  const after = await request.get(`${e2eStack.apiUrl}/v1/library/${series.id}`, {
    headers: bearer(tokens.access_token),
  });
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ error: 'invalid_token' });
});

test('Deny sends the reader back with access_denied and the state', async ({ page, request }) => {
  const reader = await newReader(request, 'denier');
  await useSession(page, reader);
  const clientId = await registerApp(page, `Denied ${Date.now().toString(36)}`);
  const { state, url } = await startAuthorization(await authorizationServer(), clientId);
  const redirected = await catchRedirect(page);
  await page.goto(url.href);
  await page.getByRole('button', { name: APPS_TEXT.deny }).click();
  const back = await redirected();
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('state')).toBe(state);
  expect(back.searchParams.get('code')).toBeNull();
});

test('an unregistered redirect URI is shown as an error and never followed', async ({ page, request }) => {
  const reader = await newReader(request, 'strayuri');
  await useSession(page, reader);
  const clientId = await registerApp(page, `Stray ${Date.now().toString(36)}`);
  const elsewhere = 'https://attacker.example/steal';
  const { url } = await startAuthorization(await authorizationServer(), clientId, elsewhere);
  let followed = false;
  await page.route('https://attacker.example/**', async (route) => {
    followed = true;
    await route.abort();
  });
  await page.goto(url.href);
  const problem = page.locator('[data-consent-error]');
  await expect(problem).toContainText(CONSENT_TEXT.invalid);
  await expect(problem).toContainText(OAUTH_ERROR_TEXTS.badRedirectUri);
  await expect(page.getByRole('button', { name: APPS_TEXT.allow })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
  expect(followed).toBe(false);
});

test('a signed-out reader logs in first and comes back to the same consent address', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await newReader(request, 'appowner');
  const created = await request.post(`${e2eStack.apiUrl}/oauth/apps`, {
    headers: bearer(owner.access_token),
    data: { name: 'Kotatsu', redirect_uris: [REDIRECT_URI], client_type: 'public' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { client_id: clientId } = (await created.json()) as { client_id: string };

  const account = uniqueAccount('consent');
  await apiSignup(request, account);
  const token = new URL(await nextVerificationLink(account.email)).searchParams.get('token')!;
  expect(
    (await request.get(`${e2eStack.apiUrl}/auth/verify-email?token=${encodeURIComponent(token)}`)).status(),
  ).toBe(200);

  const { url } = await startAuthorization(await authorizationServer(), clientId);
  const consentPath = `${url.pathname}${url.search}`;
  await page.goto(url.href);
  await expect(page).toHaveURL(`${e2eStack.siteUrl}/login?next=${encodeURIComponent(consentPath)}`);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.locator('altcha-widget').getByText("I'm not a robot").click();
  await expect(page.locator('altcha-widget').getByRole('checkbox')).toBeChecked({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${e2eStack.siteUrl}${consentPath}`);
  await expect(page.getByRole('heading', { name: 'Kotatsu wants to:' })).toBeVisible();
  await expect(page.locator('[data-consent-user]')).toHaveText(account.username);
});

test('a personal token made on the page works until it is revoked there', async ({ page, request }) => {
  const reader = await newReader(request, 'scripter');
  await useSession(page, reader);
  await page.goto('/account/apps');
  const form = page.locator('form', { has: page.getByRole('heading', { name: APPS_TEXT.createToken }) });

  // Nothing ticked: the API's error shows next to the scopes, and the typed name stays.
  await form.getByLabel(APPS_PAGE_TEXT.tokenName).fill('backup script');
  await form.getByRole('checkbox', { name: /read your reading lists/ }).uncheck();
  await form.getByRole('button', { name: APPS_TEXT.createToken }).click();
  await expect(form.locator('#token-scopes-error')).toBeVisible();
  await expect(form.getByLabel(APPS_PAGE_TEXT.tokenName)).toHaveValue('backup script');

  await form.getByRole('checkbox', { name: /see your username and avatar/ }).check();
  await form.getByRole('button', { name: APPS_TEXT.createToken }).click();
  const shown = page.getByLabel(APPS_PAGE_TEXT.newToken);
  await expect(shown).toHaveValue(/^prk_pat_/);
  await expect(page.getByText(APPS_TEXT.shownOnce)).toBeVisible();
  const token = await shown.inputValue();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eStack.siteUrl });
  await page.getByRole('button', { name: APPS_PAGE_TEXT.copy }).click();
  await expect(page.getByRole('status').filter({ hasText: APPS_PAGE_TEXT.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const listed = page.locator('[data-token]', { hasText: 'backup script' });
  await expect(listed).toContainText(token.slice(-4));

  const me = await request.get(`${e2eStack.apiUrl}/v1/me`, { headers: bearer(token) });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ username: reader.user.username });

  await page.getByRole('button', { name: APPS_PAGE_TEXT.done }).click();
  await listed.getByRole('button', { name: `${APPS_TEXT.revoke} backup script` }).click();
  await page.getByRole('dialog').getByRole('button', { name: APPS_TEXT.revoke }).click();
  await expect(listed).toHaveCount(0);
  await expect(page.getByText(APPS_TEXT.noTokens)).toBeVisible();
  expect((await request.get(`${e2eStack.apiUrl}/v1/me`, { headers: bearer(token) })).status()).toBe(401);
});

test('registering shows the API’s field errors next to their field and keeps what was typed', async ({
  page,
  request,
}) => {
  await useSession(page, await newReader(request, 'typist'));
  await page.goto('/account/apps');
  const uris = page.getByLabel(APPS_PAGE_TEXT.redirectUris);
  await uris.fill(`${REDIRECT_URI}\nhttp://tracker.example/cb`);
  await page.getByRole('button', { name: APPS_PAGE_TEXT.register }).click();
  // Checked as the API would, before sending: the line and the reason, next to the field.
  await expect(page.locator('#app-redirect-uris-error')).toHaveText(/^Line 2: must use https/);
  await expect(uris).toBeFocused();

  await uris.fill(REDIRECT_URI);
  await page.getByRole('button', { name: APPS_PAGE_TEXT.register }).click();
  // No name: the API refuses it (422) and says so next to the name; the URIs stay.
  const name = page.getByLabel(APPS_PAGE_TEXT.appName, { exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#app-name-error')).toBeVisible();
  await expect(name).toBeFocused();
  await expect(uris).toHaveValue(REDIRECT_URI);

  // A confidential app: its secret is shown once, with its client ID, a copy button and the warning.
  await name.fill('Sync server');
  await page.getByLabel(APPS_TEXT.confidentialClient).check();
  await page.getByRole('button', { name: APPS_PAGE_TEXT.register }).click();
  const secret = page.getByLabel(APPS_PAGE_TEXT.clientSecret);
  await expect(secret).toHaveValue(/^prk_cs_/);
  await expect(page.getByText(APPS_TEXT.shownOnce)).toBeVisible();
  await expect(page.getByText(`${APPS_PAGE_TEXT.clientId}: prk_app_`)).toBeVisible();
  await page.getByRole('button', { name: APPS_PAGE_TEXT.done }).click();
  await expect(secret).toHaveCount(0);
  await expect(page.getByRole('heading', { name: APPS_TEXT.myApps })).toBeFocused();
  // The form is back, empty, for the next app; the list has this one, with no secret anywhere.
  await expect(name).toHaveValue('');
  await expect(page.locator('[data-app]', { hasText: 'Sync server' })).toContainText('confidential');
  expect(await page.locator('main').textContent()).not.toContain('prk_cs_');
});

test('the consent and apps pages cannot be framed, are not indexed, and only /developers is in the sitemap', async ({
  request,
  page,
}) => {
  for (const path of ['/oauth/authorize?client_id=prk_app_x', '/account/apps']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['x-frame-options'], path).toBe('DENY');
    expect(response.headers()['content-security-policy'], path).toBe("frame-ancestors 'none'");
    expect(await response.text(), path).toMatch(/<meta name="robots" content="noindex/);
  }
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemap = await (await request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname)).text();
  expect(sitemap).toContain('/developers</loc>');
  expect(sitemap).not.toContain('/account/apps');
  expect(sitemap).not.toContain('/oauth/');

  // A visitor on /account/apps is sent to log in, and back here after.
  await page.goto('/account/apps');
  await expect(page).toHaveURL(`${e2eStack.siteUrl}/login?next=${encodeURIComponent('/account/apps')}`);

  // /developers: static, with the real endpoints and the OpenAPI link; linked from the footer.
  await page.goto('/about');
  await page.locator('footer').getByRole('link', { name: 'Developers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build on PanelRank');
  await expect(page.getByRole('link', { name: /API reference/ })).toHaveAttribute(
    'href',
    `${e2eStack.apiUrl}/docs`,
  );
  await expect(page.locator('main')).toContainText(`curl -X POST ${e2eStack.apiUrl}/oauth/token`);
  await expect(page.locator('main')).toContainText(`${e2eStack.siteUrl}/oauth/authorize?response_type=code`);
  expect(await page.locator('astro-island').count()).toBe(0);
});

test('an app named with markup is shown as text on /account/apps and the consent page, never run', async ({
  page,
  request,
}) => {
  const name = `<img src=x onerror="window.__xssApp=1">${Date.now().toString(36)}`;
  await useSession(page, await newReader(request, 'xssapp'));
  page.on('dialog', (dialog) => void dialog.dismiss());
  const clientId = await registerApp(page, name);
  await expect(page.locator(`[data-app="${clientId}"] img`)).toHaveCount(0);

  const { url } = await startAuthorization(await authorizationServer(), clientId);
  await page.goto(url.href);
  await expect(page.getByRole('heading', { name: `${name} wants to:` })).toBeVisible();
  await expect(page.locator('[data-consent] img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xssApp?: number }).__xssApp)).toBeUndefined();
});
