import type { FetchError } from 'ofetch';
import type { AvatarResult, UserProfile } from '../../../contract/profiles';
import { PROFILE_ERROR_CODES } from '../../../contract/profiles-values';
import { api } from '../../lib/api-client';
import { createFetcherStore, queryCache, storeFamily } from '../../lib/query';

/*
 * Profiles' reads and writes on the site's query layer: GET /users/{username}, and the owner's avatar and
 * "show my reading stats" preference (auth calls: the token is given explicitly, as the accounts calls do).
 */

const PROFILE_KEY = 'users/';

/** One profile per lowercased username (the API finds a name in any case). */
export const profileStore = storeFamily((username: string) =>
  createFetcherStore<UserProfile>(`${PROFILE_KEY}${username}`, {
    fetcher: () => api<UserProfile>(`/users/${encodeURIComponent(username)}`, { cache: 'no-store' }),
  }),
);

/** True when a failed profile load means "no such user" (404), not a failure to retry. */
export function isUserNotFound(error: unknown): boolean {
  const failed = error as FetchError | undefined;
  const data = failed?.data as { code?: unknown } | undefined;
  return failed?.status === 404 || data?.code === PROFILE_ERROR_CODES.userNotFound;
}

/** Forgets a loaded profile after the owner changed it, so the next look shows the change. */
export function forgetProfile(username: string): void {
  void queryCache.invalidateKeys(`${PROFILE_KEY}${username.toLowerCase()}`);
}

export function loadShowReadingStats(token: string): Promise<boolean> {
  return api<{ show_reading_stats: boolean }>('/auth/me', {
    headers: { authorization: `Bearer ${token}` },
    cache: 'no-store',
  }).then((me) => me.show_reading_stats);
}

export function saveShowReadingStats(token: string, show: boolean): Promise<boolean> {
  return api<{ show_reading_stats: boolean }>('/auth/me/preferences', {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: { show_reading_stats: show },
  }).then((answer) => answer.show_reading_stats);
}

export function uploadAvatar(token: string, file: File): Promise<AvatarResult> {
  const form = new FormData();
  form.append('file', file);
  return api<AvatarResult>('/auth/me/avatar', {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}
