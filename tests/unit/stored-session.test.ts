import { describe, expect, it } from 'vitest';
import { isAdmin, readStoredSession } from '../../src/features/accounts/stored-session';
import { memoryStorage } from './memory-storage';

describe('readStoredSession', () => {
  it('restores a stored user and token', () => {
    const storage = memoryStorage({
      token: 't',
      user: JSON.stringify({ id: 3, username: 'kim', role: 'admin' }),
    });
    const session = readStoredSession(storage);
    expect(session).toEqual({ token: 't', user: { id: 3, username: 'kim', role: 'admin' } });
    expect(isAdmin(session?.user)).toBe(true);
  });

  it('clears both entries when the user cannot be parsed', () => {
    for (const user of ['{oops', 'null', '{"id":"1","username":"a","role":"USER"}']) {
      const storage = memoryStorage({ token: 't', user });
      expect(readStoredSession(storage)).toBeNull();
      expect(storage.getItem('token')).toBeNull();
      expect(storage.getItem('user')).toBeNull();
    }
  });

  it('is signed out without a token', () => {
    const storage = memoryStorage({ user: JSON.stringify({ id: 1, username: 'a', role: 'USER' }) });
    expect(readStoredSession(storage)).toBeNull();
    expect(isAdmin(null)).toBe(false);
  });
});
