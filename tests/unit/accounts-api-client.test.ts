import { describe, expect, it } from 'vitest';
import { apiPathOf, isAuthPath, isSessionCall } from '../../src/lib/api-client';
import { safeNextPath } from '../../src/features/accounts/sign-in-flow';

const API = 'https://api.panelrank.test';

describe('which calls carry the bearer token', () => {
  it('reads the API path of relative and absolute requests', () => {
    expect(apiPathOf('/series/rankings', API)).toBe('/series/rankings');
    expect(apiPathOf('series/rankings?page=2', API)).toBe('/series/rankings');
    expect(apiPathOf(`${API}/reading-lists/me?x=1`, API)).toBe('/reading-lists/me');
    expect(apiPathOf('https://elsewhere.test/series', API)).toBeNull();
    expect(apiPathOf('//elsewhere.test/series', API)).toBeNull();
  });

  it('keeps a path prefix of the API address', () => {
    const prefixed = 'https://panelrank.test/api';
    expect(apiPathOf('https://panelrank.test/api/auth/login', prefixed)).toBe('/auth/login');
    expect(apiPathOf('https://panelrank.test/other/auth/login', prefixed)).toBeNull();
  });

  it('sends no token on /auth paths and treats only other API calls as session calls', () => {
    expect(isAuthPath('/auth/login')).toBe(true);
    expect(isAuthPath('/auth')).toBe(true);
    expect(isAuthPath('/authors')).toBe(false);
    expect(isSessionCall('/auth/verify-email?token=x', API)).toBe(false);
    expect(isSessionCall(`${API}/auth/me`, API)).toBe(false);
    expect(isSessionCall('/series-details/3/vote', API)).toBe(true);
    expect(isSessionCall(`${API}/reading-lists/me`, API)).toBe(true);
    expect(isSessionCall('https://accounts.google.com/gsi/client', API)).toBe(false);
  });
});

describe('safeNextPath', () => {
  it('keeps paths on this site', () => {
    expect(safeNextPath('/my-lists')).toBe('/my-lists');
    expect(safeNextPath('/series/3?tab=votes#rank')).toBe('/series/3?tab=votes#rank');
  });

  it('never leaves the site or returns to an account page', () => {
    for (const next of [
      null,
      '',
      'https://evil.test',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
    ]) {
      expect(safeNextPath(next)).toBe('/');
    }
    expect(safeNextPath('/login')).toBe('/');
    expect(safeNextPath('/signup?next=/x')).toBe('/');
  });
});
