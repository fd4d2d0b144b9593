import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CatalogueUnavailableError,
  fetchCatalogue,
  loadBuildCatalogue,
  readSnapshotFile,
  writeSnapshotFile,
} from '../../src/features/catalogue/catalogue-source';

const quiet = { info: () => {}, warn: () => {} };

function detail(id: number, type: 'MANHWA' | 'MANGA' | 'MANHUA') {
  return {
    series_id: id,
    title: `Series ${id}`,
    type,
    genre: 'Action, Drama',
    status: 'ONGOING',
    author: 'Author',
    artist: 'Artist',
    synopsis: `Synopsis ${id}`,
    series_cover_url: '',
    series_cover_variants: [],
    cover_url: `http://media/${id}.webp`,
    cover_variants: [{ width: 200, url: `http://media/${id}-w200.webp` }],
    story_total: 8,
    story_count: 1,
    characters_total: 0,
    characters_count: 0,
    worldbuilding_total: 0,
    worldbuilding_count: 0,
    art_total: 0,
    art_count: 0,
    drama_or_fight_total: 0,
    drama_or_fight_count: 0,
    vote_counts: { Story: 1, Characters: 0, 'World Building': 0, Art: 0, 'Drama / Fighting': 0 },
    has_detail_cover: false,
    vote_scores: {},
    score_distribution: {
      story: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
      characters: Array(10).fill(0),
      worldbuilding: Array(10).fill(0),
      art: Array(10).fill(0),
      drama_or_fight: Array(10).fill(0),
    },
    rank: id,
    final_score: 1.6,
    mean_score: 8,
    vote_count: 1,
    mal_id: id % 7 === 0 ? 1000 + id : null,
    anilist_id: null,
    mangaupdates_id: id === 1 ? 'abc1' : null,
    chapters: id % 3 === 0 ? null : 10 * id,
    volumes: id % 3 === 0 ? null : id,
    alt_titles: id === 1 ? ['Другое имя', '別名'] : [],
  };
}

const details = Array.from({ length: 130 }, (_, index) => detail(index + 1, index % 2 ? 'MANGA' : 'MANHWA'));

function review(seriesId: number) {
  return {
    id: seriesId * 10,
    series_id: seriesId,
    author_username: `reader${seriesId}`,
    body_markdown: 'A long review. '.repeat(10).trim(),
    spoiler: seriesId % 2 === 0,
    score: seriesId % 10 === 0 ? null : 8,
    helpful_count: 2,
    viewer_found_helpful: false,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}

const rankingMethod = {
  prior_votes: 10,
  min_voters: 3,
  category_means: { story: 7.2, characters: 7.1, worldbuilding: 6.9, art: 7.5, drama_or_fight: 7 },
  computed_at: '2026-11-27T07:00:00.000Z',
};

let server: Server;
let apiUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    requests.push(url.pathname + url.search);
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 25);
    const type = url.searchParams.get('type');
    let body: unknown = { detail: 'Not found' };
    if (url.pathname === '/series/catalogue-versions') {
      body = {
        basis: 'basis',
        items: details.map((entry) => ({ id: entry.series_id, version: '1.1' })),
        has_more: false,
      };
    } else if (url.pathname === '/series/catalogue' && url.searchParams.has('ids')) {
      // The series asked for that exist, in id order, in one page.
      const asked = new Set(url.searchParams.get('ids')!.split(',').map(Number));
      const items = details.filter((entry) => asked.has(entry.series_id));
      body = { items, page: 1, page_size: items.length, total: details.length, has_more: false };
    } else if (url.pathname === '/series/catalogue') {
      // A server may cap the page size below what was asked: paging goes on while has_more says so.
      const pageSize = Math.min(size, 100);
      const afterId = Number(url.searchParams.get('after_id') ?? 0);
      const items = details.filter((entry) => entry.series_id > afterId).slice(0, pageSize);
      body = {
        items,
        page,
        page_size: pageSize,
        total: details.length,
        has_more: items.length === pageSize,
      };
    } else if (url.pathname === '/series/also-liked-lists') {
      // Every third series has a list of the next two; pages of the size asked for, after an id.
      const afterId = Number(url.searchParams.get('after_id') ?? 0);
      const listed = details
        .filter((entry) => entry.series_id % 3 === 0 && entry.series_id > afterId)
        .map((entry) => ({
          series_id: entry.series_id,
          liked_ids: [entry.series_id + 1, entry.series_id + 2],
        }));
      const pageSize = Math.min(size, 20);
      body = { items: listed.slice(0, pageSize), has_more: listed.length > pageSize };
    } else if (url.pathname === '/series/top-reviews') {
      // Every fifth series has reviews: its count is its id, its top review one by its id.
      const afterId = Number(url.searchParams.get('after_id') ?? 0);
      const reviewed = details
        .filter((entry) => entry.series_id % 5 === 0 && entry.series_id > afterId)
        .map((entry) => ({
          series_id: entry.series_id,
          total: entry.series_id,
          top: [review(entry.series_id)],
        }));
      const pageSize = Math.min(size, 10);
      body = { items: reviewed.slice(0, pageSize), has_more: reviewed.length > pageSize };
    } else if (url.pathname === '/series/ranking-method') {
      body = rankingMethod;
    } else if (url.pathname === '/series/ranking-order' && url.searchParams.get('sort') === 'trending') {
      // Trending: the newest series first, with their overall ranks.
      body = {
        items: details.toReversed().map((entry) => ({
          id: entry.series_id,
          rank: entry.rank,
          final_score: entry.final_score,
        })),
      };
    } else if (url.pathname === '/series/ranking-order') {
      body = {
        items: details
          .filter((entry) => !type || entry.type === type)
          .map((entry) => ({ id: entry.series_id, rank: entry.rank, final_score: entry.final_score })),
      };
    }
    response.writeHead(body && typeof body === 'object' && 'detail' in body ? 404 : 200, {
      'content-type': 'application/json',
    });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('build-time catalogue', () => {
  const dir = mkdtempSync(join(tmpdir(), 'panelrank-catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fetches every series with its detail and the whole order of the four lists, in few requests', async () => {
    requests.length = 0;
    const snapshot = await fetchCatalogue(apiUrl);
    expect(snapshot.series).toHaveLength(130);
    expect(snapshot.series[0]).toMatchObject({
      series: { id: 1, type: 'MANHWA', rank: 1, mangaupdates_id: 'abc1' },
      detail: { synopsis: 'Synopsis 1', score_distribution: { story: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0] } },
    });
    // What the series page shows besides the scores reaches the build: the external ids.
    expect(snapshot.series[6]).toMatchObject({ series: { id: 7, mal_id: 1007 }, detail: { mal_id: 1007 } });
    expect(snapshot.series[1]).toMatchObject({ series: { chapters: 20, volumes: 2 } });
    expect(snapshot.series[2]).toMatchObject({ series: { chapters: null, volumes: null } });
    expect(snapshot.rankings.ALL).toHaveLength(130);
    expect(snapshot.rankings.ALL[129]).toEqual({ id: 130, rank: 130 });
    const mangaIds = new Set(
      details.filter((entry) => entry.type === 'MANGA').map((entry) => entry.series_id),
    );
    expect(snapshot.rankings.MANGA).toHaveLength(65);
    expect(snapshot.rankings.MANGA.every((entry) => mangaIds.has(entry.id))).toBe(true);
    expect(snapshot.rankings.MANHUA).toEqual([]);
    // The weighting the scores were computed with, for the page that explains it.
    expect(snapshot.ranking_method).toEqual(rankingMethod);
    // The trending order, which only the API counts, with the overall ranks, in one request.
    expect(snapshot.trending).toHaveLength(130);
    expect(snapshot.trending[0]).toEqual({ id: 130, rank: 130 });
    expect(requests.filter((path) => path.startsWith('/series/rankings'))).toEqual([]);
    // Every detail by id, after every series' version: up to 500 a request (130 here, so one); then one
    // request per list.
    expect(requests.filter((path) => path.startsWith('/series/catalogue?'))).toEqual([
      `/series/catalogue?ids=${details.map((entry) => entry.series_id).join(',')}`,
    ]);
    expect(requests.filter((path) => path.startsWith('/series/ranking-order')).sort()).toEqual([
      '/series/ranking-order',
      '/series/ranking-order?sort=trending',
      '/series/ranking-order?type=MANGA',
      '/series/ranking-order?type=MANHUA',
      '/series/ranking-order?type=MANHWA',
    ]);
    expect(requests.filter((path) => path === '/series/ranking-method')).toHaveLength(1);
    // Every series' version, for the next build (one page here); "Readers also liked", 20 lists a page
    // here: 43 lists in 3; reviews, 10 series a page: 26 in 3.
    expect(requests.filter((path) => path.startsWith('/series/catalogue-versions'))).toEqual([
      '/series/catalogue-versions?after_id=0',
    ]);
    expect(requests).toHaveLength(1 + 1 + 4 + 1 + 1 + 3 + 3);
  });

  it('round-trips a snapshot file, and builds from it when SNAPSHOT_FILE is set', async () => {
    const file = join(dir, 'nested', 'catalogue.json');
    const snapshot = await fetchCatalogue(apiUrl);
    await writeSnapshotFile(file, snapshot);
    expect(await readSnapshotFile(file)).toEqual(snapshot);
    const loaded = await loadBuildCatalogue(
      { SNAPSHOT_FILE: file, BUILD_API_URL: 'http://127.0.0.1:9' },
      quiet,
    );
    expect(loaded.source).toBe(file);
    expect(loaded.snapshot.series).toHaveLength(130);
    expect(loaded.snapshot.ranking_method).toEqual(rankingMethod);
  });

  it('rejects a file that is not a snapshot', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ series: [] }));
    await expect(readSnapshotFile(file)).rejects.toThrow(/not a PanelRank catalogue snapshot/);
  });

  it('asks for a fresh snapshot when the file predates reviews (version 7)', async () => {
    const file = join(dir, 'v7.json');
    const { reviews: _reviews, ...older } = await fetchCatalogue(apiUrl);
    writeFileSync(file, JSON.stringify({ ...older, version: 7 }));
    await expect(readSnapshotFile(file)).rejects.toThrow(/version 8[\s\S]*npm run snapshot/);
  });

  it("reads every reviewed series' count and top reviews through their pages", async () => {
    requests.length = 0;
    const { reviews } = await fetchCatalogue(apiUrl);
    expect(reviews).toHaveLength(26); // 5, 10, ..., 130
    expect(reviews[0]).toEqual({ series_id: 5, total: 5, top: [review(5)] });
    expect(reviews.at(-1)?.series_id).toBe(130);
    expect(requests.filter((request) => request.startsWith('/series/top-reviews'))).toHaveLength(3);
  });

  it('reads every "Readers also liked" list through its pages, as ids', async () => {
    requests.length = 0;
    const { also_liked: lists } = await fetchCatalogue(apiUrl);
    expect(lists).toHaveLength(43); // 3, 6, ..., 129
    expect(lists[0]).toEqual({ series_id: 3, liked_ids: [4, 5] });
    expect(lists.at(-1)).toEqual({ series_id: 129, liked_ids: [130, 131] });
    expect(requests.filter((request) => request.startsWith('/series/also-liked-lists'))).toHaveLength(3);
  });

  it('falls back to the default snapshot when the API is unreachable', async () => {
    const file = join(dir, 'fallback.json');
    await writeSnapshotFile(file, await fetchCatalogue(apiUrl));
    const warnings: string[] = [];
    const loaded = await loadBuildCatalogue(
      { BUILD_API_URL: 'http://127.0.0.1:9' },
      { info: () => {}, warn: (message) => warnings.push(message) },
      file,
    );
    expect(loaded.source).toBe(file);
    expect(warnings[0]).toMatch(/unreachable/);
  });

  it('fails loudly, naming both options, with neither', async () => {
    const attempt = loadBuildCatalogue(
      { BUILD_API_URL: 'http://127.0.0.1:9' },
      quiet,
      join(dir, 'missing.json'),
    );
    await expect(attempt).rejects.toBeInstanceOf(CatalogueUnavailableError);
    await expect(attempt).rejects.toThrow(/BUILD_API_URL[\s\S]*npm run snapshot[\s\S]*SNAPSHOT_FILE/);
  });
});
