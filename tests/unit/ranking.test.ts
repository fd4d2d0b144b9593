import { describe, expect, it } from 'vitest';
import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../../api/db/schema';
import { computeFinalScore, computeMeanScore, type RankingPriors } from '../../api/ranking/scores';
import { hasGenre, pageOf, parseGenres } from '../../api/catalogue/listing';
import {
  rankCatalogue,
  Ranker,
  rankSeries,
  rerankCatalogue,
  type RankableSeries,
} from '../../api/ranking/rank-order';
import type { SeriesType } from '../../api/db/schema';

function series(
  id: number,
  finalScore: number,
  voterCount: number,
  extra: { title?: string; type?: SeriesType } = {},
): RankableSeries {
  return { id, finalScore, voterCount, title: extra.title ?? `Series ${id}`, type: extra.type ?? 'MANHWA' };
}

const view = (entries: ReturnType<typeof rankSeries>) => entries.map((e) => [e.series.id, e.rank]);

describe('rankSeries', () => {
  it('orders by final score and gives equal scores the same rank, skipping the next (1, 2, 2, 4)', () => {
    const ranked = rankSeries([series(1, 7, 3), series(2, 9, 1), series(3, 8, 1), series(4, 8, 5)], 1);
    expect(view(ranked)).toEqual([
      [2, 1],
      [4, 2],
      [3, 2],
      [1, 4],
    ]);
  });

  it('shows tied series by vote count (desc), then id', () => {
    const ranked = rankSeries([series(5, 6, 2), series(3, 6, 2), series(9, 6, 4), series(1, 6, 1)], 1);
    expect(view(ranked)).toEqual([
      [9, 1],
      [3, 1],
      [5, 1],
      [1, 1],
    ]);
  });

  it('leaves series below the minimum voters Unranked, after every ranked series, by title then id', () => {
    const rows = [
      series(1, 9.5, 2, { title: 'zeta' }),
      series(2, 4, 3, { title: 'Alpha' }),
      series(3, 0, 0, { title: 'beta' }),
      series(4, 0, 0, { title: 'Beta' }),
      series(5, 6, 5, { title: 'Gamma' }),
    ];
    const ranked = rankSeries(rows, 3);
    expect(view(ranked)).toEqual([
      [5, 1],
      [2, 2],
      [3, null],
      [4, null],
      [1, null],
    ]);
  });

  it('counts a series with exactly the minimum voters as ranked', () => {
    expect(rankSeries([series(1, 5, 2)], 2)[0]!.rank).toBe(1);
    expect(rankSeries([series(1, 5, 1)], 2)[0]!.rank).toBeNull();
  });

  it('returns an empty ranking for an empty catalogue', () => {
    expect(rankSeries([], 1)).toEqual([]);
  });
});

describe('rankCatalogue', () => {
  it('ranks within each type independently of the overall ranking', () => {
    const rows = [
      series(1, 9, 1, { type: 'MANGA' }),
      series(2, 8, 1, { type: 'MANHWA' }),
      series(3, 7, 1, { type: 'MANGA' }),
      series(4, 7, 1, { type: 'MANHUA' }),
      series(5, 0, 0, { type: 'MANHWA' }),
    ];
    const { overall, byType } = rankCatalogue(rows, 1);
    expect(view(overall)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 3],
      [5, null],
    ]);
    expect(view(byType.MANGA)).toEqual([
      [1, 1],
      [3, 2],
    ]);
    expect(view(byType.MANHWA)).toEqual([
      [2, 1],
      [5, null],
    ]);
    expect(view(byType.MANHUA)).toEqual([[4, 1]]);
  });
});

describe('rerankCatalogue', () => {
  it('gives exactly the full ranking after random changes, removals, additions and type moves', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const types: SeriesType[] = ['MANHWA', 'MANGA', 'MANHUA'];
    const make = (id: number) =>
      series(id, Math.floor(random() * 20) / 2, Math.floor(random() * 4), {
        title: `T${Math.floor(random() * 30)}`,
        type: types[Math.floor(random() * 3)],
      });
    let rows = Array.from({ length: 300 }, (_, i) => make(i + 1));
    let ranking = rankCatalogue(rows, 2);
    let nextId = 301;
    for (let round = 0; round < 200; round += 1) {
      const changedIds = new Set(
        Array.from(
          { length: 1 + Math.floor(random() * 5) },
          () => rows[Math.floor(random() * rows.length)]!.id,
        ),
      );
      const removed = new Set(round % 7 === 0 ? [rows[Math.floor(random() * rows.length)]!.id] : []);
      const changed = [...changedIds].filter((id) => !removed.has(id)).map(make);
      if (round % 5 === 0) changed.push(make(nextId++));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of removed) byId.delete(id);
      for (const row of changed) byId.set(row.id, row);
      rows = [...byId.values()];
      ranking = rerankCatalogue(ranking, changed, removed, 2);
      const full = rankCatalogue(rows, 2);
      expect(view(ranking.overall)).toEqual(view(full.overall));
      for (const type of types) expect(view(ranking.byType[type])).toEqual(view(full.byType[type]));
    }
  });
});

describe('pageOf', () => {
  const ranked = rankSeries(
    Array.from({ length: 7 }, (_, i) => series(i + 1, 10 - Math.floor(i / 2), 1)),
    1,
  );

  it('slices pages without changing the ranks the entries carry', () => {
    expect(view(pageOf(ranked, 1, 3))).toEqual([
      [1, 1],
      [2, 1],
      [3, 3],
    ]);
    expect(view(pageOf(ranked, 2, 3))).toEqual([
      [4, 3],
      [5, 5],
      [6, 5],
    ]);
    expect(view(pageOf(ranked, 3, 3))).toEqual([[7, 7]]);
  });

  it('gives an empty page past the end', () => {
    expect(pageOf(ranked, 4, 3)).toEqual([]);
    expect(pageOf(ranked, 1_000_000, 100)).toEqual([]);
  });
});

describe('genres', () => {
  it('splits comma-separated genre text, trimming and lower-casing', () => {
    expect(parseGenres(' Action, Slice of Life ,,Drama ')).toEqual(['action', 'slice of life', 'drama']);
  });

  it('matches one whole genre, ignoring case and spaces, never a substring', () => {
    expect(hasGenre('Action, Slice of Life', 'slice of life')).toBe(true);
    expect(hasGenre('Action, Slice of Life', ' ACTION ')).toBe(true);
    expect(hasGenre('Action, Slice of Life', 'Act')).toBe(false);
    expect(hasGenre('Martial Arts', 'Arts')).toBe(false);
  });
});

/** Category totals from `[total, count]` by category field; the rest without votes. */
const totals = (values: Partial<Record<string, [number, number]>>): CategoryTotals =>
  Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap(({ field, total, count }) => [
      [total, values[field]?.[0] ?? 0],
      [count, values[field]?.[1] ?? 0],
    ]),
  ) as CategoryTotals;

describe('computeFinalScore', () => {
  const priors = (m: number, means: [number, number, number, number, number]): RankingPriors => ({
    priorVotes: m,
    categoryMeans: {
      STORY: means[0],
      CHARACTERS: means[1],
      WORLD_BUILDING: means[2],
      ART: means[3],
      DRAMA_OR_FIGHT: means[4],
    },
    computedAt: new Date(0),
  });
  const flat = (m: number, mean: number) => priors(m, [mean, mean, mean, mean, mean]);

  it('weights each category (total + m × C) / (count + m) and takes the mean of the five', () => {
    const score = computeFinalScore(
      totals({
        story: [18, 2],
        characters: [8, 1],
        worldbuilding: [21, 3],
        art: [10, 1],
        drama_or_fight: [12, 2],
      }),
      priors(2, [7, 6, 5, 8, 4]),
    );
    const expected = ((18 + 14) / 4 + (8 + 12) / 3 + (21 + 10) / 5 + (10 + 16) / 3 + (12 + 8) / 4) / 5;
    expect(score).toBe(Math.round(expected * 1e6) / 1e6);
  });

  it('scores a category without votes at its catalogue mean, so a series without votes scores the means', () => {
    expect(computeFinalScore(totals({}), priors(10, [7, 6, 5, 8, 4]))).toBe(6);
    // One category voted: the other four stay at their means.
    expect(computeFinalScore(totals({ story: [10, 1] }), flat(9, 5))).toBe((5.5 + 5 * 4) / 5);
  });

  it('shrinks few votes toward the mean: 3 voters at 10 rank below 58 voters at 9', () => {
    const prior = flat(10, 7);
    const threeTens = computeFinalScore(
      totals({
        story: [30, 3],
        characters: [30, 3],
        worldbuilding: [30, 3],
        art: [30, 3],
        drama_or_fight: [30, 3],
      }),
      prior,
    );
    const many = computeFinalScore(
      totals({
        story: [522, 58],
        characters: [522, 58],
        worldbuilding: [522, 58],
        art: [522, 58],
        drama_or_fight: [522, 58],
      }),
      prior,
    );
    expect(threeTens).toBe(7.692308);
    expect(many).toBe(8.705882);
    expect(many).toBeGreaterThan(threeTens);
    // Unweighted (m tends to 0), the three tens would win.
    expect(
      computeFinalScore(
        totals({
          story: [30, 3],
          characters: [30, 3],
          worldbuilding: [30, 3],
          art: [30, 3],
          drama_or_fight: [30, 3],
        }),
        flat(1, 7),
      ),
    ).toBeGreaterThan(9);
  });

  it('rounds to 6 decimals so equal scores reached differently compare equal (a tie)', () => {
    const prior = flat(3, 6);
    const a = computeFinalScore(totals({ story: [1, 3], characters: [2, 3], art: [7, 10] }), prior);
    const b = computeFinalScore(
      totals({ art: [1, 3], worldbuilding: [2, 3], drama_or_fight: [7, 10] }),
      prior,
    );
    expect(a).toBe(b);
    expect(Math.round(a * 1e6) / 1e6).toBe(a);
    expect(computeFinalScore(totals({ story: [10, 3] }), flat(3, 1))).toBe(1.233333);
  });
});

describe('computeMeanScore', () => {
  it('is the mean of the plain averages of the categories that have votes, null without votes', () => {
    expect(computeMeanScore(totals({}))).toBeNull();
    expect(computeMeanScore(totals({ art: [9, 1] }))).toBe(9);
    expect(computeMeanScore(totals({ story: [18, 2], art: [10, 3] }))).toBe(
      Math.round(((9 + 10 / 3) / 2) * 1e6) / 1e6,
    );
  });
});

describe('rankings by type and rescoring', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const types: SeriesType[] = ['MANHWA', 'MANGA', 'MANHUA'];
  /** A series with votes in every category (0-5 voters, so some are Unranked at 2) and coarse titles. */
  const scorable = (id: number) => {
    const voters = Math.floor(random() * 6);
    const totals = Object.fromEntries(
      VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
        [total, voters * (1 + Math.floor(random() * 10))],
        [count, voters],
      ]),
    ) as CategoryTotals;
    return {
      ...series(id, 0, voters, { title: `T${Math.floor(random() * 40)}`, type: types[id % 3] }),
      ...totals,
      meanScore: computeMeanScore(totals),
    };
  };
  const priors = (m: number): RankingPriors => ({
    priorVotes: m,
    categoryMeans: { STORY: 6, CHARACTERS: 6.5, WORLD_BUILDING: 5, ART: 7, DRAMA_OR_FIGHT: 6.2 },
    computedAt: new Date(0),
  });

  it("ranks each type as ranking that type's series alone would", () => {
    const ranker = new Ranker(2, priors(10));
    const rows = ranker.score(Array.from({ length: 600 }, (_, i) => scorable(i + 1)));
    const ranking = ranker.rank(rows);
    for (const type of types) {
      const alone = rankSeries(
        rows.filter((row) => row.type === type),
        2,
      );
      expect(view(ranking.byType[type])).toEqual(view(alone));
    }
  });

  it('rescores to exactly the ranking of the rows scored anew, leaving the previous ranking as it was', async () => {
    const ranker = new Ranker(2, priors(10));
    const rows = ranker.score(Array.from({ length: 25_000 }, (_, i) => scorable(i + 1)));
    const before = ranker.rank(rows);
    const shown = view(before.overall);
    ranker.priors = priors(3);
    const rescored = await ranker.rescore(before);
    const fresh = ranker.rank(ranker.score(rows.map((row) => ({ ...row }))));
    expect(view(rescored.overall)).toEqual(view(fresh.overall));
    expect(rescored.overall.map((e) => e.series.finalScore)).toEqual(
      fresh.overall.map((e) => e.series.finalScore),
    );
    for (const type of types) expect(view(rescored.byType[type])).toEqual(view(fresh.byType[type]));
    // Other priors moved the order, and the rows the previous ranking holds kept their scores.
    expect(view(rescored.overall)).not.toEqual(shown);
    expect(view(before.overall)).toEqual(shown);
    expect(before.overall.every((e) => e.series.finalScore === computeFinalScore(e.series, priors(10)))).toBe(
      true,
    );
  });
});
