import { describe, expect, it } from 'vitest';
import { OAUTH_SCOPES } from '../../contract/apps-values';
import {
  curlExamples,
  developerEndpoints,
  LIBRARY_CALLS,
  lifetimeWords,
  SCOPE_ROWS,
} from '../../src/features/apps/developer-guide';

const urls = { site: 'https://panelrank.example', api: 'https://api.panelrank.example' };

describe('/developers', () => {
  it('names the consent page on the site and every protocol endpoint on the API', () => {
    expect(developerEndpoints(urls)).toEqual({
      authorize: 'https://panelrank.example/oauth/authorize',
      token: 'https://api.panelrank.example/oauth/token',
      revoke: 'https://api.panelrank.example/oauth/revoke',
      metadata: 'https://api.panelrank.example/.well-known/oauth-authorization-server',
      openApi: 'https://api.panelrank.example/docs',
      v1: 'https://api.panelrank.example/v1',
      apps: 'https://panelrank.example/account/apps',
    });
  });

  it('builds an authorize address with PKCE S256, and curl calls to the real paths', () => {
    const curl = curlExamples(urls);
    expect(curl.authorize).toContain('https://panelrank.example/oauth/authorize?response_type=code');
    expect(curl.authorize).toContain('code_challenge_method=S256');
    expect(curl.pkce).toContain('openssl dgst -sha256');
    expect(curl.exchange).toContain('curl -X POST https://api.panelrank.example/oauth/token');
    expect(curl.exchange).toContain('grant_type=authorization_code');
    expect(curl.exchange).toContain('code_verifier=');
    expect(curl.refresh).toContain('grant_type=refresh_token');
    expect(curl.revoke).toContain('https://api.panelrank.example/oauth/revoke');
    expect(curl.call).toContain('https://api.panelrank.example/v1/library');
  });

  it('has a row for every scope and lists every library call', () => {
    expect(SCOPE_ROWS.map((row) => row.scope)).toEqual([...OAUTH_SCOPES]);
    expect(SCOPE_ROWS.find((row) => row.scope === 'library.write')?.words).toBe('update your reading lists');
    expect(LIBRARY_CALLS.map((row) => row.call.split('?')[0])).toEqual([
      'GET /v1/me',
      'GET /v1/library',
      'GET /v1/library/{seriesId}',
      'PUT /v1/library/{seriesId}',
      'DELETE /v1/library/{seriesId}',
      'GET /v1/series/search',
      'GET /v1/series/{id}',
      'GET /v1/series/by/{site}/{externalId}',
    ]);
  });

  it('tells lifetimes in words', () => {
    expect(lifetimeWords(3600)).toBe('1 hour');
    expect(lifetimeWords(60 * 24 * 60 * 60)).toBe('60 days');
    expect(lifetimeWords(60)).toBe('1 minute');
    expect(lifetimeWords(120)).toBe('2 minutes');
    expect(lifetimeWords(45)).toBe('45 seconds');
  });
});
