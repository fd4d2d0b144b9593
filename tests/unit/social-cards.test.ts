import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeriesPageData } from '../../src/features/catalogue/catalogue-types';
import { buildFetchUrl, drawCard, wrapTitle } from '../../src/features/social/draw-card';
import { cardVersion } from '../../src/features/social/card-art';
import { ON_DEMAND_CARD_PATH, onDemandCardResponse } from '../../src/features/social/on-demand-card';
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
    } else if (request.url === '/series-details/12') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          series_id: 12,
          title: 'Tower',
          type: 'MANHWA',
          cover_url: 'https://api.example/media/cover.webp',
          has_detail_cover: false,
          series_cover_url: 'https://api.example/media/cover.webp',
        }),
      );
    } else if (request.url === '/forum/threads/7') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ thread: { id: 7, title: 'Best world building' }, posts: [] }));
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
    expect(card.path).toMatch(/^\/social\/forum\/7-[0-9a-f]{12}\.jpg$/);
    expect(await size(await drawCard(card.art, env(), quiet))).toMatchObject({ width: 1200, height: 630 });
  });

  it('draws cards of the same art at the same time without their cached files colliding', async () => {
    const art = { kind: 'text' as const, eyebrow: 'Forum', title: 'Two threads, one title' };
    const cards = await Promise.all(Array.from({ length: 12 }, () => drawCard(art, env(), quiet)));
    for (const card of cards) expect(card).toEqual(cards[0]);
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
    const card = seriesSocialCard(data);
    expect(card).toEqual({
      path: `/social/series/12-${cardVersion(card.art)}.jpg`,
      alt: 'Cover of Tower',
      art: { kind: 'cover', coverUrl: 'https://api.example/media/c.webp', title: 'Tower' },
    });
    const noCover = { ...data, series: { ...data.series, cover_url: null } } as SeriesPageData;
    expect(seriesSocialCard(noCover).art).toEqual({ kind: 'text', eyebrow: 'MANHWA', title: 'Tower' });
    // A new cover or title is a new address: a cached card is never shown for other art.
    expect(seriesSocialCard(noCover).path).not.toBe(card.path);
    expect(ON_DEMAND_CARD_PATH.test(card.path)).toBe(true);
  });
});

describe('social cards drawn on request', () => {
  const env = () => ({ apiUrl: origin, publicApiUrl: 'https://api.example', cacheDir });
  const seriesCard = () =>
    seriesSocialCard({
      series: { id: 12, title: 'Tower', type: 'MANHWA', cover_url: 'https://api.example/media/cover.webp' },
      detail: { has_detail_cover: false, series_cover_url: 'https://api.example/media/cover.webp' },
    } as unknown as SeriesPageData);

  it("answers a series page's card address with its 1200×630 JPEG, cached for a year", async () => {
    const response = (await onDemandCardResponse(seriesCard().path, env()))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('netlify-cdn-cache-control')).toContain('durable');
    expect(await size(Buffer.from(await response.arrayBuffer()))).toEqual({
      width: 1200,
      height: 630,
      format: 'jpeg',
    });
  });

  it("draws a forum thread's title card the same way", async () => {
    const card = forumThreadSocialCard({ id: 7, title: 'Best world building' });
    const response = (await onDemandCardResponse(card.path, env()))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('caches briefly a card whose address names older art, and answers 404 for unknown series', async () => {
    const stale = await onDemandCardResponse('/social/series/12-000000000000.jpg', env());
    expect(stale!.status).toBe(200);
    expect(stale!.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await onDemandCardResponse('/social/series/99-000000000000.jpg', env()))!.status).toBe(404);
    expect(await onDemandCardResponse('/social/lists.jpg', env())).toBeUndefined();
  });
});
