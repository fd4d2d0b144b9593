import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeriesPageData } from '../../src/features/catalogue/catalogue-types';
import { buildFetchUrl, drawCard, wrapTitle } from '../../src/features/social/draw-card';
import {
  SOCIAL_CARD_HEIGHT,
  SOCIAL_CARD_WIDTH,
  forumThreadSocialCard,
  seriesSocialCard,
} from '../../src/features/social/social-card';

let server: Server;
let origin: string;
let coverRequests = 0;
const cacheDir = mkdtempSync(join(tmpdir(), 'panelrank-cards-'));
const quiet = { warn: () => {} };

beforeAll(async () => {
  const cover = await sharp({
    create: { width: 400, height: 600, channels: 3, background: { r: 200, g: 60, b: 90 } },
  })
    .webp()
    .toBuffer();
  server = createServer((request, response) => {
    if (request.url === '/media/cover.webp') {
      coverRequests += 1;
      response.writeHead(200, { 'content-type': 'image/webp' }).end(cover);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(cacheDir, { recursive: true, force: true });
});

async function size(bytes: Buffer) {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
}

describe('social cards', () => {
  const env = () => ({ publicApiUrl: 'https://api.example', buildApiUrl: origin, cacheDir });

  it('draws a 1200×630 JPEG from a cover, fetched through BUILD_API_URL, and caches it', async () => {
    const art = { kind: 'cover' as const, coverUrl: 'https://api.example/media/cover.webp', title: 'X' };
    const bytes = await drawCard(art, env(), quiet);
    expect(await size(bytes)).toEqual({
      width: SOCIAL_CARD_WIDTH,
      height: SOCIAL_CARD_HEIGHT,
      format: 'jpeg',
    });
    expect(SOCIAL_CARD_WIDTH / SOCIAL_CARD_HEIGHT).toBeCloseTo(1.905, 2);
    // The centre is the cover itself; the edges are its darkened blur.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => data[(y * SOCIAL_CARD_WIDTH + x) * 3]!;
    expect(pixel(600, 315)).toBeGreaterThan(170);
    expect(pixel(20, 315)).toBeLessThan(pixel(600, 315) * 0.7);

    const before = coverRequests;
    expect(await drawCard(art, env(), quiet)).toEqual(bytes);
    expect(coverRequests).toBe(before);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.jpg'))).toHaveLength(1);
  });

  it('falls back to a title card of the same size when the cover cannot be fetched, and does not cache it', async () => {
    const art = { kind: 'cover' as const, coverUrl: `${origin}/media/missing.webp`, title: 'Lost Cover' };
    const warnings: string[] = [];
    const bytes = await drawCard(art, env(), { warn: (message) => warnings.push(message) });
    expect(await size(bytes)).toEqual({ width: 1200, height: 630, format: 'jpeg' });
    expect(warnings[0]).toMatch(/Lost Cover.*404/);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.jpg'))).toHaveLength(1);
  });

  it('draws title cards for forum threads at the same size', async () => {
    const card = forumThreadSocialCard({ id: 7, title: 'Best <world> building & why' });
    expect(card.path).toBe('/social/forum/7.jpg');
    expect(await size(await drawCard(card.art, env(), quiet))).toMatchObject({ width: 1200, height: 630 });
  });

  it('wraps long titles on at most three lines', () => {
    expect(wrapTitle('A short one', 24, 3)).toEqual(['A short one']);
    const lines = wrapTitle(
      'Which manhwa has the best world building of the decade and why nobody says so',
      24,
      3,
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]?.endsWith('…')).toBe(true);
  });

  it('fetches media through BUILD_API_URL only when it is set', () => {
    expect(buildFetchUrl('https://api.example/media/a.webp', { publicApiUrl: 'https://api.example/' })).toBe(
      'https://api.example/media/a.webp',
    );
    expect(
      buildFetchUrl('https://api.example/media/a.webp', {
        publicApiUrl: 'https://api.example',
        buildApiUrl: 'http://10.0.0.2:8787/',
      }),
    ).toBe('http://10.0.0.2:8787/media/a.webp');
  });

  it("describes a series card by the series' cover, else by its title", () => {
    const data = {
      series: { id: 12, title: 'Tower', type: 'MANHWA', cover_url: 'https://api.example/media/c.webp' },
      detail: { has_detail_cover: false, series_cover_url: 'https://api.example/media/c.webp' },
    } as unknown as SeriesPageData;
    expect(seriesSocialCard(data)).toEqual({
      path: '/social/series/12.jpg',
      alt: 'Cover of Tower',
      art: { kind: 'cover', coverUrl: 'https://api.example/media/c.webp', title: 'Tower' },
    });
    const noCover = { ...data, series: { ...data.series, cover_url: null } } as SeriesPageData;
    expect(seriesSocialCard(noCover).art).toEqual({ kind: 'text', eyebrow: 'MANHWA', title: 'Tower' });
  });
});
