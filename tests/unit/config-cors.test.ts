import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('CORS origins', () => {
  it('are the origins browsers send: scheme, lower-case host and port, without a path', () => {
    // A browser's Origin header never carries a path or upper-case letters, and CORS compares it exactly.
    expect(
      loadConfig({
        SITE_URL: 'https://PanelRank.Example/app/',
        CORS_ORIGINS: ' https://Admin.Example:8443/ , http://localhost:3000,,https://panelrank.example',
      }).corsOrigins,
    ).toEqual(['https://panelrank.example', 'https://admin.example:8443', 'http://localhost:3000']);
    expect(loadConfig({}).corsOrigins).toEqual([
      'http://localhost:4321',
      'http://127.0.0.1:4321',
      'http://[::1]:4321',
    ]);
    // SITE_URL itself is kept as given (minus trailing slashes) for the links in e-mails.
    expect(loadConfig({ SITE_URL: 'https://panelrank.example/app/' }).SITE_URL).toBe(
      'https://panelrank.example/app',
    );
  });

  it('allow a site on this machine at every loopback spelling, and a public site only as given', () => {
    expect(loadConfig({ SITE_URL: 'http://127.0.0.1:8080' }).corsOrigins).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
    ]);
    expect(loadConfig({ SITE_URL: 'https://localhost' }).corsOrigins).toEqual([
      'https://localhost',
      'https://127.0.0.1',
      'https://[::1]',
    ]);
    expect(loadConfig({ SITE_URL: 'https://panelrank.example' }).corsOrigins).toEqual([
      'https://panelrank.example',
    ]);
  });

  it('name a CORS_ORIGINS entry that is not an http(s) origin at start-up', () => {
    for (const value of ['panelrank.example', 'ftp://files.example', '*', 'https://']) {
      const found = problems({ CORS_ORIGINS: `https://ok.example, ${value}` });
      expect(found, value).toHaveLength(1);
      expect(found[0], value).toMatch(/^CORS_ORIGINS=".*": each entry must be an http\(s\) origin/);
    }
  });
});
