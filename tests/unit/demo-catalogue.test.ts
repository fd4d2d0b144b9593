import { computeMeanScore } from '../../api/ranking/scores';
import { describe, expect, it } from 'vitest';
import { DEMO_GENRES } from '../../scripts/demo/demo-text';
import { generateDemoCatalogue, summarizeBallots } from '../../scripts/demo/demo-catalogue';
import { hashString, mulberry32, SeededRandom } from '../../scripts/demo/seeded-random';
import { SERIES_STATUSES, SERIES_TYPES } from '../../api/db/schema';

describe('seeded random numbers', () => {
  it('repeats the same sequence for the same seed and differs across seeds', () => {
    const draw = (seed: number) => Array.from({ length: 1000 }, mulberry32(seed));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    for (const value of draw(7)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('spreads draws evenly', () => {
    const random = new SeededRandom(1);
    const buckets = new Array<number>(10).fill(0);
    for (let index = 0; index < 20_000; index += 1) buckets[Math.floor(random.next() * 10)]! += 1;
    for (const count of buckets) expect(count).toBeGreaterThan(1800);
  });

  it('samples distinct items and hashes strings stably', () => {
    const picked = new SeededRandom('x').sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(picked).size).toBe(4);
    expect(hashString('PanelRank')).toBe(hashString('PanelRank'));
    expect(hashString('PanelRank')).not.toBe(hashString('Panelrank'));
  });
});

describe('demo catalogue generation', () => {
  it('is the same catalogue for the same seed, and another one for another seed', () => {
    const settings = { series: 120, voters: 80, seed: 5 };
    const first = generateDemoCatalogue(settings);
    expect(generateDemoCatalogue(settings)).toEqual(first);
    const other = generateDemoCatalogue({ ...settings, seed: 6 });
    expect(other.series.map((s) => s.title)).not.toEqual(first.series.map((s) => s.title));
  });

  it('starts a larger catalogue with the series of a smaller one', () => {
    const small = generateDemoCatalogue({ series: 30, voters: 100, seed: 9 });
    const large = generateDemoCatalogue({ series: 90, voters: 100, seed: 9 });
    expect(large.series.slice(0, 30)).toEqual(small.series);
  });

  it('looks like a real catalogue', () => {
    const { series, voters } = generateDemoCatalogue({ series: 400, voters: 300, seed: 42 });
    expect(series).toHaveLength(400);
    expect(voters).toHaveLength(300);
    expect(voters[0]).toEqual({
      username: 'reader0001',
      email: 'reader0001@gmail.com',
      createdDaysAgo: expect.any(Number),
    });
    expect(new Set(voters.map((v) => v.username)).size).toBe(300);

    expect(new Set(series.map((s) => s.type))).toEqual(new Set(SERIES_TYPES));
    const statuses = new Set(series.map((s) => s.status));
    for (const status of [...SERIES_STATUSES, null]) expect(statuses).toContain(status);
    expect(series.filter((s) => s.status === 'ONGOING' || s.status === 'COMPLETE').length).toBeGreaterThan(
      250,
    );
    expect(new Set(series.map((s) => s.title.toLowerCase())).size).toBe(400);

    for (const s of series) {
      const genres = s.genre.split(', ');
      expect(genres.length).toBeGreaterThanOrEqual(1);
      expect(genres.length).toBeLessThanOrEqual(3);
      expect(new Set(genres).size).toBe(genres.length);
      for (const genre of genres) expect(DEMO_GENRES).toContain(genre);
      expect(s.title.length).toBeGreaterThan(3);
      expect(s.author).not.toBe('');
      expect(s.artist).not.toBe('');
      expect(s.synopsis.split('. ').length).toBeGreaterThanOrEqual(2);

      const voterIndexes = s.ballots.map((b) => b.voter);
      expect(new Set(voterIndexes).size).toBe(voterIndexes.length);
      for (const ballot of s.ballots) {
        expect(ballot.voter).toBeGreaterThanOrEqual(0);
        expect(ballot.voter).toBeLessThan(300);
        expect(ballot.scores).toHaveLength(5);
        expect(ballot.scores.some((score) => score !== null)).toBe(true);
        for (const score of ballot.scores) {
          if (score !== null) expect(Number.isInteger(score) && score >= 1 && score <= 10).toBe(true);
        }
      }
    }
  });

  it('spreads popularity and scores like real rankings, with a few series unvoted', () => {
    const { series } = generateDemoCatalogue({ series: 1000, voters: 400, seed: 42 });
    const summaries = series.map((s) => summarizeBallots(s.ballots));
    const unranked = summaries.filter((s) => s.voterCount === 0).length;
    expect(unranked).toBeGreaterThanOrEqual(10);
    expect(unranked).toBeLessThanOrEqual(40);

    const counts = summaries.map((s) => s.voterCount).sort((a, b) => a - b);
    const median = counts[500]!;
    expect(median).toBeGreaterThanOrEqual(2);
    expect(median).toBeLessThanOrEqual(15);
    expect(counts.at(-1)!).toBeGreaterThan(100);

    const scores = summaries.filter((s) => s.voterCount >= 10).map((s) => computeMeanScore(s)!);
    expect(Math.max(...scores)).toBeGreaterThan(9);
    expect(Math.max(...scores)).toBeLessThanOrEqual(10);
    expect(Math.min(...scores)).toBeLessThan(4.5);
  });

  it('gives most series plausible chapter and volume counts: volumes for every completed series', () => {
    const { series } = generateDemoCatalogue({ series: 1000, voters: 10, seed: 42 });
    const share = (items: typeof series, has: (s: (typeof series)[number]) => boolean) =>
      items.filter(has).length / items.length;
    expect(share(series, (s) => s.chapters !== null)).toBeGreaterThan(0.85);
    expect(share(series, (s) => s.chapters === null)).toBeGreaterThan(0.02);
    for (const s of series) {
      for (const count of [s.chapters, s.volumes]) {
        if (count !== null) expect(Number.isInteger(count) && count >= 1 && count <= 100_000).toBe(true);
      }
      // Volumes collect chapters: never more of them, and none without a chapter count.
      if (s.volumes !== null) expect(s.volumes).toBeLessThanOrEqual(s.chapters!);
      if (s.status === 'COMPLETE') expect(s.volumes).not.toBeNull();
    }
    const ongoing = (type: string) => series.filter((s) => s.type === type && s.status === 'ONGOING');
    expect(share(ongoing('MANHWA'), (s) => s.volumes === null)).toBeGreaterThan(0.5);
    expect(share(ongoing('MANGA'), (s) => s.volumes !== null)).toBeGreaterThan(0.6);
    // The counts come from a generator of their own: the rest of each series is as it was without them.
    const again = generateDemoCatalogue({ series: 1000, voters: 10, seed: 42 });
    expect(again.series.map((s) => [s.chapters, s.volumes])).toEqual(
      series.map((s) => [s.chapters, s.volumes]),
    );
  });

  it('summarises ballots into totals and counts', () => {
    const summary = summarizeBallots([
      { voter: 0, scores: [8, 6, null, 10, 4] },
      { voter: 1, scores: [6, null, null, 8, null] },
    ]);
    expect(summary).toMatchObject({
      voterCount: 2,
      storyTotal: 14,
      storyCount: 2,
      charactersTotal: 6,
      charactersCount: 1,
      worldbuildingTotal: 0,
      worldbuildingCount: 0,
      artTotal: 18,
      artCount: 2,
      dramaOrFightTotal: 4,
      dramaOrFightCount: 1,
    });
  });
});
