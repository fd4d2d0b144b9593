import { describe, expect, it } from 'vitest';
import {
  authorizeRequestOf,
  consentErrorOf,
  consentViewOf,
  formatDay,
  formProblemOf,
  isNavigableRedirect,
  redirectHostOf,
  redirectUrisOf,
  scopesOf,
  scopeWords,
} from '../../src/features/apps/apps-state';

describe('apps state', () => {
  it('reads the authorization request from the consent address, and nothing else', () => {
    const request = authorizeRequestOf(
      '?client_id=prk_app_1&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&response_type=code' +
        '&scope=library.read+library.write&state=a%20b&code_challenge=x&code_challenge_method=S256&extra=1',
    );
    expect(request).toEqual({
      client_id: 'prk_app_1',
      redirect_uri: 'http://127.0.0.1:9/cb',
      response_type: 'code',
      scope: 'library.read library.write',
      state: 'a b',
      code_challenge: 'x',
      code_challenge_method: 'S256',
    });
    expect(authorizeRequestOf('')).toEqual({});
  });

  it('takes redirect URIs one per line, trimmed, without blanks or repeats', () => {
    expect(
      redirectUrisOf(' https://a.example/cb \r\n\n  \nhttps://a.example/cb\ncom.example.app:/cb\n'),
    ).toEqual(['https://a.example/cb', 'com.example.app:/cb']);
    expect(redirectUrisOf('\n  \n')).toEqual([]);
  });

  it('keeps ticked scopes in the contract’s order and drops unknown ones', () => {
    expect(scopesOf(['profile', 'library.read', 'admin', 3])).toEqual(['library.read', 'profile']);
  });

  it('tells scopes in words, in order', () => {
    expect(scopeWords(['library.write', 'library.read'])).toEqual([
      'read your reading lists',
      'update your reading lists',
    ]);
    expect(scopeWords(['nope'])).toEqual([]);
  });

  it('puts a 422’s errors next to their fields, with the line of a list item', () => {
    const error = {
      data: {
        detail: 'redirect_uris.1: must use https',
        errors: [
          {
            field: 'redirect_uris.1',
            message: 'must use https (http only on 127.0.0.1, [::1] or localhost)',
          },
          { field: 'redirect_uris.2', message: 'a second problem of the same field' },
          { field: 'name', message: 'is required' },
          { field: 'unknown', message: 'not a field of this form' },
        ],
      },
    };
    expect(formProblemOf(error, ['name', 'redirect_uris'], 'fallback')).toEqual({
      fields: {
        redirect_uris: 'Line 2: must use https (http only on 127.0.0.1, [::1] or localhost)',
        name: 'is required',
      },
      message: '',
    });
  });

  it('shows any other failure as the form’s message', () => {
    const limit = {
      data: { detail: 'You can register up to 10 apps. Delete one first.', code: 'APP_LIMIT_REACHED' },
    };
    expect(formProblemOf(limit, ['name'], 'fallback')).toEqual({
      fields: {},
      message: 'You can register up to 10 apps. Delete one first.',
    });
    expect(formProblemOf(new TypeError('Failed to fetch'), ['name'], 'fallback')).toEqual({
      fields: {},
      message: 'fallback',
    });
  });

  it('reads the check’s answer: consent, a redirect, or an error', () => {
    expect(
      consentViewOf(
        { client_id: 'c', app_name: 'Tachi', scopes: ['library.read'], redirect_uri: 'https://t.example/cb' },
        'bad',
      ),
    ).toEqual({
      kind: 'consent',
      clientId: 'c',
      appName: 'Tachi',
      scopes: ['library.read'],
      redirectUri: 'https://t.example/cb',
    });
    expect(consentViewOf({ redirect_to: 'https://t.example/cb?error=invalid_scope&state=s' }, 'bad')).toEqual(
      {
        kind: 'redirect',
        to: 'https://t.example/cb?error=invalid_scope&state=s',
      },
    );
    expect(consentViewOf({ redirect_to: 'javascript:alert(1)' }, 'bad')).toEqual({
      kind: 'error',
      message: 'bad',
    });
    expect(consentViewOf({ something: 'else' }, 'bad')).toEqual({ kind: 'error', message: 'bad' });
    expect(consentViewOf(null, 'bad')).toEqual({ kind: 'error', message: 'bad' });
  });

  it('tells a refused request (400) from a failed call, which may be tried again', () => {
    const texts = { invalid: 'invalid', failed: 'failed' };
    expect(
      consentErrorOf(
        {
          status: 400,
          data: {
            error: 'invalid_request',
            error_description: 'redirect_uri is not registered for this client.',
          },
        },
        texts,
      ),
    ).toEqual({ kind: 'error', message: 'redirect_uri is not registered for this client.' });
    expect(consentErrorOf({ status: 400, data: {} }, texts)).toEqual({ kind: 'error', message: 'invalid' });
    expect(consentErrorOf({ status: 429, data: { detail: 'Too many requests.' } }, texts)).toEqual({
      kind: 'failed',
      message: 'Too many requests.',
    });
    expect(consentErrorOf(new Error('offline'), texts)).toEqual({ kind: 'failed', message: 'failed' });
  });

  it('navigates only to absolute, non-script addresses', () => {
    expect(isNavigableRedirect('http://127.0.0.1:5000/cb?code=x')).toBe(true);
    expect(isNavigableRedirect('com.example.app:/cb?code=x')).toBe(true);
    expect(isNavigableRedirect('JavaScript:alert(1)')).toBe(false);
    expect(isNavigableRedirect('data:text/html,hi')).toBe(false);
    expect(isNavigableRedirect('/relative')).toBe(false);
  });

  it('names the host a consent sends the reader back to', () => {
    expect(redirectHostOf('https://tachi.example/oauth/cb')).toBe('tachi.example');
    expect(redirectHostOf('http://127.0.0.1:8080/cb')).toBe('127.0.0.1:8080');
    expect(redirectHostOf('com.example.app:/cb')).toBe('com.example.app:/cb');
  });

  it('formats a day, and "never" for none', () => {
    expect(formatDay('2026-11-27T20:00:00.000Z', 'Never')).toMatch(/^2[78] Nov 2026$/);
    expect(formatDay(null, 'Never')).toBe('Never');
    expect(formatDay('garbage', 'Never')).toBe('Never');
  });
});
