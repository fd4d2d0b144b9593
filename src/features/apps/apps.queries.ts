import type {
  Authorization,
  AuthorizeCheck,
  AuthorizeRedirect,
  CreatedOAuthApp,
  CreatedPersonalToken,
  CreateOAuthAppBody,
  CreatePersonalTokenBody,
  OAuthApp,
  PersonalToken,
} from '../../../contract/apps';
import { api } from '../../lib/api-client';
import { createFetcherStore, storeFamily, type FetcherStore } from '../../lib/query';
import { authorizeRequestOf, type AuthorizeRequest } from './apps-state';

/*
 * Apps' reads and writes on the site's query layer (lib/query.ts): the reader's registered apps, the apps
 * they authorized and their personal access tokens on /account/apps, and the consent page's check and
 * decision. Keys name the signed-in user, so another account signing in on the same tab never sees the
 * first one's answers. A write puts the API's answer into the cache, so the lists follow without a reload.
 */

const APPS_KEY = 'oauth/apps|';
const AUTHORIZATIONS_KEY = 'oauth/authorizations|';
const TOKENS_KEY = 'personal-tokens|';

export const appsStore = storeFamily((userId: number) =>
  createFetcherStore<OAuthApp[]>([APPS_KEY, String(userId)], {
    fetcher: () => api<OAuthApp[]>('/oauth/apps', { cache: 'no-store' }),
  }),
);

export const authorizationsStore = storeFamily((userId: number) =>
  createFetcherStore<Authorization[]>([AUTHORIZATIONS_KEY, String(userId)], {
    fetcher: () => api<Authorization[]>('/oauth/authorizations', { cache: 'no-store' }),
  }),
);

export const tokensStore = storeFamily((userId: number) =>
  createFetcherStore<PersonalToken[]>([TOKENS_KEY, String(userId)], {
    fetcher: () => api<PersonalToken[]>('/personal-tokens', { cache: 'no-store' }),
  }),
);

/** Changes a loaded list to match a write; a list not loaded yet is read fresh when watched. */
function updateList<T>(store: FetcherStore<T[]>, change: (items: T[]) => T[]): void {
  const items = store.get().data;
  if (items !== undefined) store.mutate(change(items));
}

/** POST /oauth/apps; the answer (with the secret of a confidential app, once) joins the list without it. */
export async function registerApp(userId: number, body: CreateOAuthAppBody): Promise<CreatedOAuthApp> {
  const created = await api<CreatedOAuthApp>('/oauth/apps', { method: 'POST', body });
  const { client_secret: _secret, ...app } = created;
  updateList(appsStore(userId), (apps) => [app, ...apps]);
  return created;
}

export async function deleteApp(userId: number, clientId: string): Promise<void> {
  await api(`/oauth/apps/${encodeURIComponent(clientId)}`, { method: 'DELETE' });
  updateList(appsStore(userId), (apps) => apps.filter((app) => app.client_id !== clientId));
  // An app of one's own may also have been authorized: that authorization is gone with it.
  authorizationsStore(userId).revalidate();
}

/** DELETE /oauth/authorizations/{client_id}: the app's tokens stop working. */
export async function revokeAuthorization(userId: number, clientId: string): Promise<void> {
  await api(`/oauth/authorizations/${encodeURIComponent(clientId)}`, { method: 'DELETE' });
  updateList(authorizationsStore(userId), (items) => items.filter((item) => item.client_id !== clientId));
}

/** POST /personal-tokens; the answer (with the token, once) joins the list without it. */
export async function createToken(
  userId: number,
  body: CreatePersonalTokenBody,
): Promise<CreatedPersonalToken> {
  const created = await api<CreatedPersonalToken>('/personal-tokens', { method: 'POST', body });
  const { token: _token, ...listed } = created;
  updateList(tokensStore(userId), (tokens) => [listed, ...tokens]);
  return created;
}

export async function revokeToken(userId: number, id: PersonalToken['id']): Promise<void> {
  await api(`/personal-tokens/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
  updateList(tokensStore(userId), (tokens) => tokens.filter((token) => token.id !== id));
}

/**
 * GET /oauth/authorize/check with the consent page's query, per reader and query: the consent to show, a
 * redirect the app must hear, or a 400 to show on the page.
 */
export const authorizeCheckStore = storeFamily((key: string) => {
  const search = key.slice(key.indexOf('|') + 1);
  return createFetcherStore<AuthorizeCheck>(['oauth/authorize/check|', key], {
    fetcher: () =>
      api<AuthorizeCheck>('/oauth/authorize/check', {
        query: authorizeRequestOf(search),
        cache: 'no-store',
      }),
  });
});

/** The check store's key: the reader and the page's query (so another reader never sees the answer). */
export function authorizeCheckKey(userId: number, search: string): string {
  return `${userId}|${search.replace(/^\?/, '')}`;
}

/** POST /oauth/authorize: the reader's answer; the API gives the app's redirect (`{redirect_to}`). */
export function decideAuthorization(
  request: AuthorizeRequest,
  decision: 'allow' | 'deny',
): Promise<AuthorizeRedirect> {
  return api<AuthorizeRedirect>('/oauth/authorize', { method: 'POST', body: { ...request, decision } });
}
