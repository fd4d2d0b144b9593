import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../../api/db/schema';
import { readPriors } from '../../api/ranking/priors';
import { findVoteAnomalies } from '../../api/ranking/vote-review';
import { computeFinalScore, computeMeanScore } from '../../api/ranking/scores';
import {
  DEMO_ACCOUNT_AGE_DAYS,
  DEMO_BALLOT_MIN_AGE_DAYS,
  generateDemoCatalogue,
  resetDemoCatalogue,
  seedDemoCatalogue,
  type SeedDemoResult,
} from '../../scripts/demo/demo-catalogue';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../api/db/client';
import { queryRows } from '../../api/db/query-rows';
import { users } from '../../api/db/schema';
import { allKeys } from '../../api/media/images';
import { LocalDiskStorage } from '../../api/media/storage';

const SETTINGS = { series: 60, voters: 50, seed: 11 };

let database: DatabaseHandle;
let mediaRoot: string;
let storage: LocalDiskStorage;
let result: SeedDemoResult;

beforeAll(async () => {
  mediaRoot = mkdtempSync(join(tmpdir(), 'panelrank-demo-seed-'));
  storage = new LocalDiskStorage(mediaRoot, 'http://media.test');
  database = await openDatabase({ kind: 'memory' });
  await migrateDatabase(database);
  // A real account that happens to have a demo reader's name: the seed must leave it alone.
  await database.db
    .insert(users)
    .values({ username: 'reader0003', email: 'someone@gmail.com', passwordHash: 'x' });
  result = await seedDemoCatalogue(database.db, storage, { ...SETTINGS, coverWidth: 120 });
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(mediaRoot, { recursive: true, force: true });
});

interface SeriesRow extends CategoryTotals {
  id: number;
  title: string;
  voter_count: number;
  final_score: number;
  mean_score: number | null;
  cover_key: string | null;
  voters_listed: number;
}

async function seriesRows(): Promise<SeriesRow[]> {
  return queryRows<SeriesRow>(
    database.db,
    sql`select s.id, s.title, s.voter_count, sc.final_score, sc.mean_score, s.cover_key,
          d.story_total as "storyTotal", d.story_count as "storyCount",
          d.characters_total as "charactersTotal", d.characters_count as "charactersCount",
          d.worldbuilding_total as "worldbuildingTotal", d.worldbuilding_count as "worldbuildingCount",
          d.art_total as "artTotal", d.art_count as "artCount",
          d.drama_or_fight_total as "dramaOrFightTotal", d.drama_or_fight_count as "dramaOrFightCount",
          (select count(*)::int from series_voters v where v.series_id = s.id) as voters_listed
        from series s join series_details d on d.series_id = s.id
          join series_scores sc on sc.series_id = s.id order by s.id`,
  );
}

/** What the votes table says about each series, computed independently of the seed's own sums. */
async function aggregatesFromVotes() {
  const rows = await queryRows<{ series_id: number; category: string; total: number; count: number }>(
    database.db,
    sql`select series_id, category::text, sum(score)::int as total, count(*)::int as count
        from votes group by series_id, category`,
  );
  const voters = await queryRows<{ series_id: number; voters: number }>(
    database.db,
    sql`select series_id, count(distinct user_id)::int as voters from votes group by series_id`,
  );
  const bySeries = new Map<number, CategoryTotals & { voters: number }>();
  const entry = (id: number) => {
    let totals = bySeries.get(id);
    if (!totals) {
      totals = Object.fromEntries(
        [...VOTE_CATEGORY_FIELDS.flatMap((f) => [f.total, f.count]), 'voters'].map((key) => [key, 0]),
      ) as unknown as CategoryTotals & { voters: number };
      bySeries.set(id, totals);
    }
    return totals;
  };
  for (const row of rows) {
    const field = VOTE_CATEGORY_FIELDS.find((f) => f.category === row.category)!;
    entry(row.series_id)[field.total] = row.total;
    entry(row.series_id)[field.count] = row.count;
  }
  for (const row of voters) entry(row.series_id).voters = row.voters;
  return (id: number) => entry(id);
}

describe('seeding the demo catalogue', () => {
  it('writes the generated series, readers and votes', async () => {
    const generated = generateDemoCatalogue(SETTINGS);
    const rows = await seriesRows();
    expect(rows.map((row) => row.title)).toEqual(generated.series.map((s) => s.title));
    const [counts] = await queryRows<{ votes: number; readers: number }>(
      database.db,
      sql`select (select count(*)::int from votes) as votes,
                 (select count(*)::int from users where password_hash is null) as readers`,
    );
    expect(counts).toEqual({ votes: result.votes, readers: SETTINGS.voters - 1 });
    expect(result).toMatchObject({ series: 60, voters: 50, covers: 60 });
    expect(result.votes).toBeGreaterThan(100);
  });

  it('keeps every total, count, voter count and final score equal to what the votes say', async () => {
    const fromVotes = await aggregatesFromVotes();
    const priors = await readPriors(database.db, 10);
    for (const row of await seriesRows()) {
      const expected = fromVotes(row.id);
      for (const field of VOTE_CATEGORY_FIELDS) {
        expect(row[field.total], `${row.title} ${field.total}`).toBe(expected[field.total]);
        expect(row[field.count], `${row.title} ${field.count}`).toBe(expected[field.count]);
      }
      expect(row.voter_count).toBe(expected.voters);
      expect(row.voters_listed).toBe(expected.voters);
      expect(row.final_score).toBe(computeFinalScore(expected, priors));
      expect(row.mean_score).toBe(computeMeanScore(expected));
    }
  });

  it('stores score distributions equal to the votes of each score', async () => {
    const mismatches = await queryRows(
      database.db,
      sql`with counted as (
          select d.series_id, v.category, s.score,
            case v.category
              when 'STORY' then d.story_distribution[s.score]
              when 'CHARACTERS' then d.characters_distribution[s.score]
              when 'WORLD_BUILDING' then d.worldbuilding_distribution[s.score]
              when 'ART' then d.art_distribution[s.score]
              else d.drama_or_fight_distribution[s.score] end as stored,
            (select count(*) from votes x
              where x.series_id = d.series_id and x.category = v.category and x.score = s.score) as actual
          from series_details d
          cross join generate_series(1, 10) as s(score)
          cross join (select unnest(enum_range(null::vote_category)) as category) as v
        )
        select * from counted where stored <> actual`,
    );
    expect(mismatches).toEqual([]);
  });

  it('dates accounts and votes in the past, so a fresh demo shows no unusual voting', async () => {
    const [dates] = await queryRows<{
      youngest_account_days: number;
      oldest_account_days: number;
      newest_vote_days: number;
      oldest_vote_days: number;
      votes_before_account: number;
    }>(
      database.db,
      sql`select
          extract(epoch from now() - max(u.created_at)) / 86400 as youngest_account_days,
          extract(epoch from now() - min(u.created_at)) / 86400 as oldest_account_days,
          (select extract(epoch from now() - max(created_at)) / 86400 from votes) as newest_vote_days,
          (select extract(epoch from now() - min(created_at)) / 86400 from votes) as oldest_vote_days,
          (select count(*)::int from votes v join users r on r.id = v.user_id
            where v.created_at < r.created_at) as votes_before_account
        from users u where u.password_hash is null`,
    );
    expect(Number(dates!.youngest_account_days)).toBeGreaterThanOrEqual(DEMO_ACCOUNT_AGE_DAYS.min);
    expect(Number(dates!.oldest_account_days)).toBeGreaterThan(DEMO_ACCOUNT_AGE_DAYS.max / 2);
    expect(Number(dates!.oldest_account_days)).toBeLessThanOrEqual(DEMO_ACCOUNT_AGE_DAYS.max + 1);
    expect(Number(dates!.newest_vote_days)).toBeGreaterThanOrEqual(DEMO_BALLOT_MIN_AGE_DAYS);
    expect(Number(dates!.oldest_vote_days)).toBeGreaterThan(DEMO_ACCOUNT_AGE_DAYS.max / 2);
    expect(dates!.votes_before_account).toBe(0);
    // Even one new account voting would be listed: there is none.
    expect(await findVoteAnomalies(database.db, 1)).toEqual([]);
    // The same settings give the same dates.
    const again = generateDemoCatalogue(SETTINGS);
    expect(again.voters.map((voter) => voter.createdDaysAgo)).toEqual(
      generateDemoCatalogue(SETTINGS).voters.map((voter) => voter.createdDaysAgo),
    );
    expect(again.series[1]!.ballots.map((ballot) => ballot.daysAgo)).toEqual(
      generateDemoCatalogue(SETTINGS).series[1]!.ballots.map((ballot) => ballot.daysAgo),
    );
  });

  it('gives every 7th series a MyAnimeList id, and some AniList and MangaUpdates ids', async () => {
    const rows = await queryRows<{
      mal_id: number | null;
      anilist_id: number | null;
      mangaupdates_id: string | null;
    }>(database.db, sql`select mal_id, anilist_id, mangaupdates_id from series order by id`);
    const generated = generateDemoCatalogue(SETTINGS).series;
    expect(rows).toEqual(
      generated.map((s) => ({ mal_id: s.malId, anilist_id: s.anilistId, mangaupdates_id: s.mangaupdatesId })),
    );
    expect(rows.filter((row) => row.mal_id !== null)).toHaveLength(Math.ceil(SETTINGS.series / 7));
    expect(rows[0]).toEqual({ mal_id: 100_000, anilist_id: 200_000, mangaupdates_id: 'demo0' });
    expect(rows[7]).toEqual({ mal_id: 100_007, anilist_id: null, mangaupdates_id: null });
    expect(rows[21]).toMatchObject({ mal_id: 100_021, mangaupdates_id: 'demol' });
  });

  it("stores each series' chapter and volume counts as generated", async () => {
    const rows = await queryRows<{ chapters: number | null; volumes: number | null }>(
      database.db,
      sql`select chapters, volumes from series order by id`,
    );
    expect(rows).toEqual(
      generateDemoCatalogue(SETTINGS).series.map((s) => ({ chapters: s.chapters, volumes: s.volumes })),
    );
    expect(rows.some((row) => row.chapters !== null && row.volumes !== null)).toBe(true);
  });

  it('leaves some series without votes (Unranked) and spreads the others', async () => {
    const rows = await seriesRows();
    const unranked = rows.filter((row) => row.voter_count === 0);
    expect(unranked.length).toBeGreaterThan(0);
    expect(unranked.length).toBe(result.unranked);
    // Without votes a series scores the catalogue's means (the priors), and has no mean of votes.
    const priors = await readPriors(database.db, 10);
    const unvoted = computeFinalScore(unranked[0]!, priors);
    expect(unvoted).toBeGreaterThan(1);
    for (const row of unranked) expect([row.final_score, row.mean_score]).toEqual([unvoted, null]);
    const means = rows.filter((row) => row.voter_count > 0).map((row) => row.mean_score!);
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(2);
  });

  it('never votes as a real account that shares a demo reader name', async () => {
    const [row] = await queryRows<{ votes: number }>(
      database.db,
      sql`select count(*)::int as votes from votes v join users u on u.id = v.user_id where u.password_hash is not null`,
    );
    expect(row!.votes).toBe(0);
  });

  it('stores a 2:3 cover with its variants for every series', async () => {
    const rows = await seriesRows();
    for (const row of rows) {
      expect(row.cover_key).toMatch(/^covers\/.+\.webp$/);
      for (const key of allKeys(row.cover_key!)) expect(existsSync(join(mediaRoot, key))).toBe(true);
    }
    const metadata = await sharp(join(mediaRoot, rows[0]!.cover_key!)).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 120, height: 180 });
  });

  it('adds to an existing catalogue, reusing the readers', async () => {
    const before = await seriesRows();
    const more = await seedDemoCatalogue(database.db, storage, {
      series: 5,
      voters: 50,
      seed: 99,
      covers: false,
    });
    const after = await seriesRows();
    expect(after).toHaveLength(before.length + 5);
    expect(after.slice(-5).every((row) => row.cover_key === null)).toBe(true);
    const [readers] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users where password_hash is null`,
    );
    expect(readers!.n).toBe(SETTINGS.voters - 1);
    expect(more.series).toBe(5);
  });

  it('resets: deletes the series, demo readers and covers but keeps real accounts', async () => {
    const keys = (await seriesRows()).flatMap((row) => (row.cover_key ? allKeys(row.cover_key) : []));
    const removed = await resetDemoCatalogue(database.db, storage);
    expect(removed).toEqual({ series: 65, readers: SETTINGS.voters - 1 });
    const [counts] = await queryRows<{ series: number; votes: number; users: number }>(
      database.db,
      sql`select (select count(*)::int from series) as series, (select count(*)::int from votes) as votes,
                 (select count(*)::int from users) as users`,
    );
    expect(counts).toEqual({ series: 0, votes: 0, users: 1 });
    for (const key of keys) expect(existsSync(join(mediaRoot, key))).toBe(false);
  });
});

describe('a failed seed', () => {
  it('rolls back and removes the covers it had stored', async () => {
    const handle = await openDatabase({ kind: 'memory' });
    const root = mkdtempSync(join(tmpdir(), 'panelrank-demo-seed-fail-'));
    try {
      await migrateDatabase(handle);
      // Collides with the ids the seed reserves, so its series insert fails after covers were drawn.
      await handle.db.execute(
        sql`insert into series (id, title, genre, type) values (1, 'Squatter', 'Drama', 'MANGA')`,
      );
      const failing = new LocalDiskStorage(root, 'http://media.test');
      await expect(
        seedDemoCatalogue(handle.db, failing, { series: 8, voters: 10, coverWidth: 90 }),
      ).rejects.toThrow();
      const [counts] = await queryRows<{ series: number; users: number }>(
        handle.db,
        sql`select (select count(*)::int from series) as series, (select count(*)::int from users) as users`,
      );
      expect(counts).toEqual({ series: 1, users: 0 });
      const left = existsSync(join(root, 'covers')) ? readdirSync(join(root, 'covers')) : [];
      expect(left).toEqual([]);
    } finally {
      await handle.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
