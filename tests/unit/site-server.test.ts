import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, parseHeaderRules } from '../../scripts/lib/netlify-headers';
import { precompressSite } from '../../scripts/lib/precompress';
import { rebuildIntervalMs } from '../../scripts/lib/rebuild-job';
import { activateBuild, adoptPlainDist, currentBuild } from '../../scripts/lib/site-builds';
import { startSiteServer } from '../../scripts/lib/site-server';

const root = mkdtempSync(join(tmpdir(), 'panelrank-site-'));
const dist = join(root, 'dist');
const page = (text: string) => `<!doctype html><html><body>${text.repeat(200)}</body></html>`;
let server: Server;
let origin: string;

function writeBuild(folder: string, text: string) {
  mkdirSync(join(folder, '_astro'), { recursive: true });
  writeFileSync(join(folder, 'index.html'), page(text));
  writeFileSync(join(folder, 'about.html'), page(`about ${text} `));
  writeFileSync(join(folder, '_astro', 'app.abc123.js'), `console.log(${JSON.stringify(text.repeat(400))});`);
  writeFileSync(join(folder, '_redirects'), '/old  /about  301\n');
  mkdirSync(join(folder, 'oauth'), { recursive: true });
  writeFileSync(join(folder, 'oauth', 'authorize.html'), page(`consent ${text} `));
  mkdirSync(join(folder, 'account'), { recursive: true });
  writeFileSync(join(folder, 'account', 'apps.html'), page(`apps ${text} `));
}

beforeAll(async () => {
  // A plain dist/ as `npm run build` leaves it, adopted as the first build.
  writeBuild(dist, 'first');
  await precompressSite(dist);
  await adoptPlainDist(dist);
  server = await startSiteServer({ distDir: dist, port: 0 });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

describe('local site server', () => {
  it("applies netlify.toml's header rules: every matching rule, later values win", () => {
    const rules = parseHeaderRules(`
[[headers]]
  for = "/_astro/*"
  [headers.values]
    Cache-Control = "public, max-age=31536000, immutable"
[[headers]]
  for = "/*"
  [headers.values]
    X-Frame-Options = "DENY"
`);
    expect(headersFor(rules, '/_astro/x.js')).toEqual({
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Frame-Options': 'DENY',
    });
    expect(headersFor(rules, '/about')).toEqual({ 'X-Frame-Options': 'DENY' });
  });

  it('sends Brotli or gzip to clients that accept them, with the deploy headers', async () => {
    const brotli = await fetch(`${origin}/about`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotli.headers.get('content-type')).toMatch(/^text\/html/);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(brotli.headers.get('x-content-type-options')).toBe('nosniff');
    // fetch decodes Brotli itself; the page arrives whole.
    expect(await brotli.text()).toBe(page('about first '));

    const gzip = await fetch(`${origin}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${origin}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();

    const asset = await fetch(`${origin}/_astro/app.abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
  });

  it('never lets another site frame the consent page or /account/apps (netlify.toml)', async () => {
    for (const path of ['/oauth/authorize?client_id=prk_app_x&state=s', '/account/apps']) {
      const served = await fetch(`${origin}${path}`);
      expect(served.status, path).toBe(200);
      expect(await served.text(), path).toContain(path.startsWith('/oauth') ? 'consent' : 'apps');
      expect(served.headers.get('x-frame-options'), path).toBe('DENY');
      expect(served.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
    }
    // Other pages keep their own framing rule and no CSP of this kind.
    expect((await fetch(`${origin}/about`)).headers.get('content-security-policy')).toBeNull();
  });

  it('keeps the compressed copy identical to the file', async () => {
    const folder = (await currentBuild(dist))!;
    const { readFileSync } = await import('node:fs');
    expect(brotliDecompressSync(readFileSync(join(folder, 'index.html.br'))).toString()).toBe(page('first'));
  });

  it('serves a swapped-in build from the next request on, redirects and 404s included', async () => {
    const next = join(`${dist}.builds`, 'build-second');
    writeBuild(next, 'second');
    await activateBuild(dist, next);
    expect(await (await fetch(`${origin}/`)).text()).toBe(page('second'));
    const redirect = await fetch(`${origin}/old`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${origin}/missing`)).status).toBe(404);
  });

  it('redirects a genre page in another spelling to its lowercase slug, as the deploy does', async () => {
    const moved = await fetch(`${origin}/genre/Slice%20of%20Life/page/1?sort=newest`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/genre/slice-of-life?sort=newest');
    // The canonical address of a genre with no page is a plain 404.
    expect((await fetch(`${origin}/genre/slice-of-life`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('REBUILD_INTERVAL', () => {
  it('defaults to 15 minutes, takes seconds or a unit, and 0 turns the schedule off', () => {
    expect(rebuildIntervalMs(undefined)).toBe(15 * 60_000);
    expect(rebuildIntervalMs(' ')).toBe(15 * 60_000);
    expect(rebuildIntervalMs('90')).toBe(90_000);
    expect(rebuildIntervalMs('2h')).toBe(7_200_000);
    expect(rebuildIntervalMs('0')).toBe(0);
    expect(() => rebuildIntervalMs('soon')).toThrow(/REBUILD_INTERVAL="soon"/);
  });
});
