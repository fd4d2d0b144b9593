import { expect } from 'vitest';
import type { CreatedOAuthApp, CreatedPersonalToken, OAuthScope } from '../../contract/apps';
import type { TestServer } from './harness';

/** The API's and the site's public URLs in the apps' suites: https, as apps see them in production. */
export const ISSUER = 'https://api.panelrank.test';
export const SITE = 'https://panelrank.test';
export const APPS_TEST_ENV = { PUBLIC_API_URL: ISSUER, SITE_URL: SITE } as const;

/** oauth4webapi's fetch: the issuer's URLs reach the test server. */
export function fetchVia(server: TestServer) {
  return (url: string, options: object) => fetch(url.replace(ISSUER, server.url), options as RequestInit);
}

export async function registerApp(
  server: TestServer,
  siteToken: string,
  options: { name?: string; redirect_uris?: string[]; client_type?: 'public' | 'confidential' } = {},
): Promise<CreatedOAuthApp> {
  const response = await server.request('/oauth/apps', {
    method: 'POST',
    token: siteToken,
    json: {
      name: options.name ?? 'Tachi',
      redirect_uris: options.redirect_uris ?? ['com.example.tachi:/callback'],
      client_type: options.client_type ?? 'public',
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CreatedOAuthApp;
}

export async function createPersonalToken(
  server: TestServer,
  siteToken: string,
  scopes: OAuthScope[],
  name = 'script',
): Promise<CreatedPersonalToken> {
  const response = await server.request('/personal-tokens', {
    method: 'POST',
    token: siteToken,
    json: { name, scopes },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CreatedPersonalToken;
}

/** A /v1 call with a bearer token (the raw response). */
export function v1(
  server: TestServer,
  token: string | undefined,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  return server.request(`/v1${path}`, { ...init, token });
}
