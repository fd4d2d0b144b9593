import { TOKEN_KEY, USER_KEY } from './session-keys';

export interface StoredUser {
  id: number;
  username: string;
  role: string;
}

export interface StoredSession {
  token: string;
  user: StoredUser;
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'number' && typeof user.username === 'string' && typeof user.role === 'string';
}

export function clearStoredSession(storage: Storage = localStorage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(USER_KEY);
}

/**
 * The session kept in local storage, or null when signed out. A stored user that cannot be parsed
 * clears both entries, so a corrupt session never half-survives.
 */
export function readStoredSession(storage: Storage = localStorage): StoredSession | null {
  let token: string | null;
  let rawUser: string | null;
  try {
    token = storage.getItem(TOKEN_KEY);
    rawUser = storage.getItem(USER_KEY);
  } catch {
    // Storage can throw when the browser blocks it; treat that as signed out.
    return null;
  }
  if (!token || rawUser === null) return null;
  let user: unknown;
  try {
    user = JSON.parse(rawUser);
  } catch {
    user = undefined;
  }
  if (!isStoredUser(user)) {
    clearStoredSession(storage);
    return null;
  }
  return { token, user };
}

export function isAdmin(user: StoredUser | null | undefined): boolean {
  return user?.role.toUpperCase() === 'ADMIN';
}
