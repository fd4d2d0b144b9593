import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { usernameBase } from '../../api/accounts/google';
import { resolveSecret } from '../../api/plugins/secrets';
import { ConfigError, loadConfig } from '../../api/config';

const SECRET = 'x'.repeat(32);

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('account settings', () => {
  it('refuse to start in production without JWT_SECRET', () => {
    const found = problems({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: SECRET });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^JWT_SECRET is required when NODE_ENV=production/);
    expect(problems({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: SECRET, JWT_SECRET: '' })).toHaveLength(1);
    expect(problems({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: SECRET, JWT_SECRET: SECRET })).toEqual([]);
  });

  it('refuse a short secret, captcha off in production, and turnstile without keys', () => {
    expect(problems({ JWT_SECRET: 'short' })[0]).toMatch(
      /^JWT_SECRET="short": must be at least 32 characters/,
    );
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: SECRET, CAPTCHA_PROVIDER: 'off' })).toEqual([
      'CAPTCHA_PROVIDER=off is refused when NODE_ENV=production: use altcha or turnstile.',
    ]);
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: SECRET })[0]).toMatch(
      /^ALTCHA_HMAC_KEY is required/,
    );
    expect(problems({ CAPTCHA_PROVIDER: 'turnstile' })).toEqual([
      'TURNSTILE_SECRET_KEY is required when CAPTCHA_PROVIDER=turnstile.',
      'TURNSTILE_SITE_KEY is required when CAPTCHA_PROVIDER=turnstile.',
    ]);
    expect(problems({ CAPTCHA_PROVIDER: 'recaptcha' })[0]).toMatch(/^CAPTCHA_PROVIDER="recaptcha"/);
    // Every problem is named at once.
    expect(
      problems({ NODE_ENV: 'production', CAPTCHA_PROVIDER: 'off', ACCESS_TOKEN_TTL: 'soon' }),
    ).toHaveLength(3);
  });

  it('read durations in seconds or with a unit', () => {
    expect(
      loadConfig({ ACCESS_TOKEN_TTL: '3600', EMAIL_TOKEN_TTL: '2h', AUTH_RATE_LIMIT_WINDOW: '15m' }),
    ).toMatchObject({
      ACCESS_TOKEN_TTL: 3600,
      EMAIL_TOKEN_TTL: 7200,
      AUTH_RATE_LIMIT_WINDOW: 900,
    });
    expect(loadConfig({}).ACCESS_TOKEN_TTL).toBe(86_400);
    expect(loadConfig({}).EMAIL_TOKEN_TTL).toBe(86_400);
    expect(problems({ ACCESS_TOKEN_TTL: '1w' })[0]).toMatch(/ACCESS_TOKEN_TTL="1w": must be seconds/);
    expect(problems({ ACCESS_TOKEN_TTL: '30' })[0]).toMatch(/at least 60 seconds/);
  });

  it('default to Gmail and Yahoo domains and read a configured list', () => {
    const defaults = loadConfig({}).SIGNUP_EMAIL_DOMAINS;
    expect(defaults).toEqual(
      expect.arrayContaining(['gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.uk']),
    );
    expect(defaults.every((domain) => /^(gmail|googlemail|yahoo|ymail|rocketmail)\./.test(domain))).toBe(
      true,
    );
    expect(loadConfig({ SIGNUP_EMAIL_DOMAINS: ' Example.org , proton.me,' }).SIGNUP_EMAIL_DOMAINS).toEqual([
      'example.org',
      'proton.me',
    ]);
    expect(problems({ SIGNUP_EMAIL_DOMAINS: 'gmail.com, not a domain' })[0]).toMatch(
      /^SIGNUP_EMAIL_DOMAINS=/,
    );
  });

  it('validate the mail and Google settings', () => {
    expect(problems({ SMTP_URL: 'http://mail.example.com' })[0]).toMatch(/smtp:\/\/ or smtps:\/\//);
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).SMTP_URL).toBeDefined();
    expect(loadConfig({}).GOOGLE_ISSUERS).toEqual(['accounts.google.com', 'https://accounts.google.com']);
    expect(loadConfig({}).GOOGLE_JWKS_URL).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(loadConfig({}).GOOGLE_CLIENT_ID).toBeUndefined();
  });
});

describe('resolveSecret', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'panelrank-secret-'));
    dirs.push(dir);
    return dir;
  };

  it('prefers the configured value', () => {
    expect(resolveSecret(loadConfig({ DATA_DIR: dataDir() }), SECRET, 'jwt-secret')).toBe(SECRET);
  });

  it('generates one secret per DATA_DIR, kept with mode 0600', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSecret(config, undefined, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSecret(config, undefined, 'jwt-secret')).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveSecret(config, undefined, 'altcha-hmac-key')).not.toBe(first);
  });

  it('keeps nothing on disk for an in-memory database', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'memory://' });
    expect(resolveSecret(config, undefined, 'jwt-secret')).not.toBe(
      resolveSecret(config, undefined, 'jwt-secret'),
    );
    expect(() => statSync(join(dir, 'jwt-secret'))).toThrow();
  });
});

describe('usernameBase', () => {
  it('derives a valid username from an e-mail address', () => {
    expect(usernameBase('jane.doe+comics@gmail.com')).toBe('jane.doe');
    expect(usernameBase('jo@gmail.com')).toBe('jouser');
    expect(usernameBase('+x@gmail.com')).toBe('user');
    expect(usernameBase('ünïcødé@example.org')).toMatch(/^[A-Za-z0-9_.-]{3,24}$/);
    expect(usernameBase(`${'a'.repeat(64)}@gmail.com`)).toHaveLength(24);
  });
});
