import { sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import { bulkInsert, textArrayLiteral } from '../../api/db/bulk-insert';
import { dropSecondaryIndexes, rebuildIndexes } from '../../api/db/deferred-indexes';
import { executeCounting, queryRows } from '../../api/db/query-rows';
import { VOTE_CATEGORIES, type SeriesStatus, type SeriesType } from '../../api/db/schema';
import type { MediaStorage } from '../../api/media/storage';
import { copyStoredImage, removeImage, storeImagePixels } from '../../api/media/store-image';
import { VOTE_CATEGORY_FIELDS, type CategoryDistributions, type CategoryTotals } from '../../api/db/schema';
import { renderCoverArtPixels } from './cover-art';
import { demoAltTitles } from './demo-alt-titles';
import { makeCreatorName, makeSynopsis, makeTitle, pickGenres } from './demo-text';
import { hashString, SeededRandom } from './seeded-random';
import { recomputePriors } from '../../api/ranking/priors';

/**
 * The demo catalogue: invented series with covers, synthetic readers and their votes, generated from a
 * seed so every run with the same settings produces the same catalogue. `npm run seed` and `npm start`
 * load it; tests and benchmarks call seedDemoCatalogue directly.
 */

export const DEMO_DEFAULTS = { series: 300, voters: 400, seed: 42 } as const;

/** Demo readers are recognisable by name and by having no password (nobody can sign in as them). */
export const DEMO_USERNAME_PATTERN = '^reader[0-9]+$';

export interface DemoVoter {
  username: string;
  email: string;
  /** How long before the seed the account was created, in days (DEMO_ACCOUNT_AGE_DAYS). */
  createdDaysAgo: number;
}

/**
 * The demo's history: accounts were created 14 to 365 days before the seed, and each ballot was cast at
 * least two days before it (and after its reader's account was created), so a freshly seeded catalogue
 * shows no new accounts and no recent votes: the review of unusual voting lists nothing until someone votes.
 */
export const DEMO_ACCOUNT_AGE_DAYS = { min: 14, max: 365 } as const;
export const DEMO_BALLOT_MIN_AGE_DAYS = 2;

export interface DemoBallot {
  /** Index into DemoCatalogue.voters. */
  voter: number;
  /** Score per category, in VOTE_CATEGORIES order; null where this reader did not vote. */
  scores: (number | null)[];
  /** How long before the seed the ballot was cast, in days; never before its reader's account. */
  daysAgo: number;
}

export interface DemoSeries {
  title: string;
  /** Comma-separated, as an admin would type it. */
  genre: string;
  type: SeriesType;
  status: SeriesStatus | null;
  author: string;
  artist: string;
  synopsis: string;
  ballots: DemoBallot[];
  /** The same work's ids on other sites (demoExternalIds). */
  malId: number | null;
  anilistId: number | null;
  mangaupdatesId: string | null;
  /** Chapters and volumes published (demoCounts); null when unknown. */
  chapters: number | null;
  volumes: number | null;
  /** Other names of the series (demoAltTitles). */
  altTitles: string[];
}

export interface DemoCatalogue {
  seed: number;
  voters: DemoVoter[];
  series: DemoSeries[];
}

export interface DemoCatalogueSettings {
  series?: number;
  voters?: number;
  seed?: number;
}

/**
 * Which demo series carry ids on other sites, and which ids, by the series' 0-based position in the
 * generated catalogue: every 7th series (positions 0, 7, 14, ...) has MyAnimeList id 100000 + position,
 * every 14th also an AniList id (200000 + position), every 21st also a MangaUpdates id ("demo" and the
 * position in base 36). The sample MyAnimeList export matches demo series by these mal_ids: this is the
 * one rule both follow.
 */
export function demoExternalIds(
  position: number,
): Pick<DemoSeries, 'malId' | 'anilistId' | 'mangaupdatesId'> {
  return {
    malId: position % 7 === 0 ? 100_000 + position : null,
    anilistId: position % 14 === 0 ? 200_000 + position : null,
    mangaupdatesId: position % 21 === 0 ? `demo${position.toString(36)}` : null,
  };
}

/**
 * A demo series' published chapter and volume counts, from a generator of its own (seed and position), so
 * the rest of the series is what it was before series had counts. Most series have a chapter count: a
 * finished series a longer run than one still going, manhua the longest; about one in twelve (none of
 * them finished) has none yet. Every completed series has volumes: a manga volume collects about nine
 * chapters, a manhwa or manhua volume twenty or more; a series still running has them less often,
 * ongoing manhwa least (most are read by the chapter and collected late, if ever).
 */
export function demoCounts(
  seed: number,
  position: number,
  type: SeriesType,
  status: SeriesStatus | null,
): Pick<DemoSeries, 'chapters' | 'volumes'> {
  const random = new SeededRandom(hashString(`${seed}:counts:${position}`));
  const complete = status === 'COMPLETE';
  if (!complete && random.chance(1 / 12)) return { chapters: null, volumes: null };
  const [shortest, longest] =
    type === 'MANHUA' ? [60, 900] : type === 'MANHWA' ? [40, 450] : complete ? [20, 350] : [8, 250];
  // Most runs are short, a few very long: the square of a uniform draw leans towards the short end.
  const chapters = Math.round(shortest + (longest - shortest) * random.float(0, 1) ** 2);
  const perVolume = type === 'MANGA' ? random.int(8, 11) : random.int(18, 30);
  const collected = complete || random.chance(type === 'MANGA' ? 0.9 : type === 'MANHWA' ? 0.25 : 0.4);
  return { chapters, volumes: collected ? Math.max(1, Math.floor(chapters / perVolume)) : null };
}

/** One series in this many gets no votes at all, so the catalogue shows Unranked series. */
const UNRANKED_EVERY = 50;

/**
 * Builds the catalogue in memory. Each series draws from its own generator seeded by (seed, position), so
 * a larger catalogue starts with the same series as a smaller one.
 */
export function generateDemoCatalogue(settings: DemoCatalogueSettings = {}): DemoCatalogue {
  const seriesCount = checkCount('series', settings.series ?? DEMO_DEFAULTS.series, 0);
  const voterCount = checkCount('voters', settings.voters ?? DEMO_DEFAULTS.voters, 1);
  const seed = checkCount('seed', settings.seed ?? DEMO_DEFAULTS.seed, 0);

  const digits = Math.max(4, String(voterCount).length);
  const voters = Array.from({ length: voterCount }, (_, index) => {
    const username = `reader${String(index + 1).padStart(digits, '0')}`;
    // By the reader alone, so a reader a later seed reuses keeps its age.
    const age = new SeededRandom(hashString(`reader-age:${index}`));
    const createdDaysAgo = age.float(DEMO_ACCOUNT_AGE_DAYS.min, DEMO_ACCOUNT_AGE_DAYS.max);
    return { username, email: `${username}@gmail.com`, createdDaysAgo };
  });

  const titles = new Set<string>();
  const series = Array.from({ length: seriesCount }, (_, index) => {
    const random = new SeededRandom(hashString(`${seed}:series:${index}`));
    const type = random.weighted([
      ['MANHWA', 45],
      ['MANGA', 35],
      ['MANHUA', 20],
    ] as const);
    const genres = pickGenres(random, type);
    let title = makeTitle(random, genres[0]!, type);
    for (let attempt = 0; titles.has(title.toLowerCase()) && attempt < 6; attempt += 1) {
      title = makeTitle(random, genres[0]!, type);
    }
    if (titles.has(title.toLowerCase()))
      title = `${title} ${random.pick(['II', 'III', 'Reborn', 'Zero', 'Side Story'])}`;
    titles.add(title.toLowerCase());
    const author = makeCreatorName(random, type);
    const status = random.weighted<SeriesStatus | null>([
      ['ONGOING', 48],
      ['COMPLETE', 32],
      ['HIATUS', 7],
      ['SEASON_END', 6],
      ['UNKNOWN', 4],
      [null, 3],
    ]);
    return {
      title,
      genre: genres.join(', '),
      type,
      status,
      author,
      artist: random.chance(0.35) ? author : makeCreatorName(random, type),
      synopsis: makeSynopsis(random, type, genres),
      ballots:
        index % UNRANKED_EVERY === 7
          ? []
          : datedBallots(makeBallots(random, voterCount), voters, `${seed}:ballot-dates:${index}`),
      ...demoExternalIds(index),
      ...demoCounts(seed, index, type, status),
      altTitles: demoAltTitles(seed, index, title, type),
    };
  });
  return { seed, voters, series };
}

/**
 * Each ballot's date, from a generator of its own (so the scores stay what they were before ballots had
 * dates): at least DEMO_BALLOT_MIN_AGE_DAYS before the seed and after its reader's account was created.
 */
function datedBallots(
  ballots: Omit<DemoBallot, 'daysAgo'>[],
  voters: readonly DemoVoter[],
  stream: string,
): DemoBallot[] {
  const dates = new SeededRandom(hashString(stream));
  return ballots.map((ballot) => ({
    ...ballot,
    daysAgo: dates.float(DEMO_BALLOT_MIN_AGE_DAYS, voters[ballot.voter]!.createdDaysAgo),
  }));
}

/**
 * Votes for one series. Its quality (a mean score between 3 and 9.6) sets every category's average, give
 * or take a per-category bias; better series draw more readers, and the number of readers is log-normal so
 * a few series are voted on by hundreds and most by a handful. Readers with low numbers are the most active.
 */
function makeBallots(random: SeededRandom, voterCount: number): Omit<DemoBallot, 'daysAgo'>[] {
  const quality = Math.min(9.6, Math.max(3, random.normal(6.8, 1.3)));
  // Each category's own average: a series can have great art and a weak story.
  const means = VOTE_CATEGORIES.map(() => Math.min(9.75, quality + random.normal(0, 0.45)));
  // Readers agree more about great series than about mediocre ones.
  const spread = 0.35 + 0.22 * (10 - quality);
  const wanted = Math.round(Math.exp(random.normal(1.7 + 0.25 * (quality - 6.5), 1.1)));
  const count = Math.min(voterCount, Math.max(1, wanted));

  return pickVoters(random, voterCount, count).map((voter, index) => {
    const scores = VOTE_CATEGORIES.map((_, category): number | null =>
      // The first reader rates everything; later ones skip a category now and then.
      index === 0 || random.chance(0.8)
        ? Math.min(10, Math.max(1, Math.round(random.normal(means[category]!, spread))))
        : null,
    );
    if (!scores.some((score) => score !== null)) {
      scores[random.int(0, scores.length - 1)] = Math.round(quality);
    }
    return { voter, scores };
  });
}

function pickVoters(random: SeededRandom, voterCount: number, count: number): number[] {
  if (count * 2 > voterCount) {
    return random.sample(
      Array.from({ length: voterCount }, (_, index) => index),
      count,
    );
  }
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(voterCount * random.next() ** 1.6));
  return [...chosen];
}

export interface VoteSummary extends CategoryTotals, CategoryDistributions {
  voterCount: number;
}

/** Per-category totals, counts and score distributions, and distinct voters of some ballots. */
export function summarizeBallots(ballots: readonly Omit<DemoBallot, 'daysAgo'>[]): VoteSummary {
  const totals = Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap((field) => [
      [field.total, 0],
      [field.count, 0],
      [field.distribution, Array.from({ length: 10 }, () => 0)],
    ]),
  ) as unknown as CategoryTotals & CategoryDistributions;
  for (const ballot of ballots) {
    VOTE_CATEGORY_FIELDS.forEach((field, category) => {
      const score = ballot.scores[category];
      if (score === null || score === undefined) return;
      totals[field.total] += score;
      totals[field.count] += 1;
      totals[field.distribution][score - 1] = (totals[field.distribution][score - 1] ?? 0) + 1;
    });
  }
  return { ...totals, voterCount: ballots.length };
}

export interface SeedDemoOptions extends DemoCatalogueSettings {
  /** Generate and store a cover per series (default true). */
  covers?: boolean;
  /** Width of the generated covers in pixels (height is 1.5 times it); default by catalogue size. */
  coverWidth?: number;
  /**
   * Draw this many covers without a title (a third per type) and give every series a copy of one, under
   * its own key; 0 draws each series its own titled cover. Default by catalogue size (demoCoverPoolFor).
   */
  coverPool?: number;
  /** Covers rendered at once; sharp works on libuv's threads, so a few more than the cores keeps them busy. */
  coverConcurrency?: number;
  onProgress?: (message: string) => void;
}

export interface SeedDemoResult {
  series: number;
  voters: number;
  votes: number;
  unranked: number;
  covers: number;
  /** Covers drawn; the others are copies of pool covers. */
  coversDrawn: number;
  seconds: number;
}

/**
 * Cover width by catalogue size. Drawing and WebP-encoding a cover costs a few milliseconds of CPU per
 * 100,000 pixels, which dominates seeding: the default catalogue gets covers as wide as the site's largest
 * variant (400 px), and very large catalogues (benchmarks) get narrower ones so that 10,000 series still
 * seed in well under a minute on two cores.
 */
export function demoCoverWidthFor(seriesCount: number): number {
  if (seriesCount <= 1000) return 400;
  if (seriesCount <= 3000) return 300;
  return 200;
}

/**
 * Covers shared by large catalogues. Drawing one costs about 10 ms of CPU, which made covers nine tenths of
 * seeding 100,000 series (604 s); a copy is a hard link per file. Up to 3,000 series each gets its own
 * cover with its title; past that, 600 untitled covers (200 per type) are drawn and copied.
 */
export function demoCoverPoolFor(seriesCount: number): number {
  return seriesCount <= 3000 ? 0 : 600;
}

const SERIES_PER_CHUNK = 500;

/**
 * Writes the demo catalogue into `db` (on top of whatever is there) in one transaction, with a cover per
 * series in `storage`. Covers are drawn on sharp's threads while this thread writes the previous chunk of
 * series. On failure nothing is left behind: the transaction rolls back and stored covers are removed.
 */
export async function seedDemoCatalogue(
  db: Database,
  storage: MediaStorage,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  const catalogue = generateDemoCatalogue(options);
  const total = catalogue.series.length;
  progress(
    `generated ${total} series and ${catalogue.voters.length} readers (seed ${catalogue.seed}) in ${elapsed(started)} s`,
  );

  const covers =
    options.covers === false || total === 0
      ? undefined
      : new CoverPipeline(catalogue.series, storage, {
          width: options.coverWidth ?? demoCoverWidthFor(total),
          pool: options.coverPool ?? demoCoverPoolFor(total),
          concurrency: options.coverConcurrency ?? 8,
        });
  let votes = 0;
  let unranked = 0;
  try {
    await db.transaction(async (tx) => {
      await skipForeignKeyChecksIfAllowed(tx);
      // The demo's dates count back from now (DEMO_ACCOUNT_AGE_DAYS).
      const seededAt = Date.now();
      const voterIds = await insertVoters(tx, catalogue.voters, seededAt);
      const seriesIds = await reserveSeriesIds(tx, total);
      const withFreeIds = await keepFreeExternalIds(tx);
      const deferred = (await worthDeferringIndexes(tx, total))
        ? await dropSecondaryIndexes(tx, SEEDED_TABLES)
        : [];
      let reported = 0;
      for (let start = 0; start < total; start += SERIES_PER_CHUNK) {
        const chunk = catalogue.series.slice(start, start + SERIES_PER_CHUNK).map(withFreeIds);
        const coverKeys = covers ? await covers.keys(start, start + chunk.length) : chunk.map(() => null);
        const written = await insertSeriesChunk(
          tx,
          chunk,
          seriesIds.slice(start),
          coverKeys,
          voterIds,
          seededAt,
        );
        votes += written.votes;
        unranked += written.unranked;
        const done = start + chunk.length;
        if (done === total || done - reported >= Math.max(SERIES_PER_CHUNK, total / 10)) {
          reported = done;
          progress(`${done}/${total} series written (${votes} votes) after ${elapsed(started)} s`);
        }
      }
      if (deferred.length > 0) {
        await rebuildIndexes(tx, deferred);
        progress(`rebuilt ${deferred.length} indexes after ${elapsed(started)} s`);
      }
      await refreshRankingPriors(tx);
      progress(`recomputed the ranking priors after ${elapsed(started)} s`);
    });
  } catch (error) {
    await covers?.discard();
    throw error;
  }
  return {
    series: total,
    voters: catalogue.voters.length,
    votes,
    unranked,
    covers: covers ? total : 0,
    coversDrawn: covers?.drawn ?? 0,
    seconds: Number(elapsed(started)),
  };
}

/** What the writers below need from the seeding transaction. */
type Transaction = Pick<Database, 'execute'>;

/**
 * The seed writes totals: the ranking priors are recomputed from every series' totals as the API's
 * recomputation does (with the stored prior weight, else the default the API's start-up replaces with its
 * own).
 */
async function refreshRankingPriors(tx: Transaction & Pick<Database, 'select'>): Promise<void> {
  const [stored] = await queryRows<{ m: number }>(tx, sql`select prior_votes as m from ranking_priors`);
  await recomputePriors(tx, stored?.m ?? 10);
}

/**
 * Foreign-key checks are row-level triggers and cost about half of the insert time here; every id this
 * seed writes comes from rows it has just read or inserted in the same transaction, so where the role may
 * (PGlite, or a superuser on PostgreSQL) they are skipped for this transaction only.
 */
async function skipForeignKeyChecksIfAllowed(tx: Transaction): Promise<void> {
  const [setting] = await queryRows<{ superuser: string }>(
    tx,
    sql`select current_setting('is_superuser') as superuser`,
  );
  if (setting?.superuser === 'on') await tx.execute(sql`set local session_replication_role = replica`);
}

/**
 * Inserts the demo readers (verified, no password) and returns their user ids by voter index. A reader
 * whose name or e-mail already belongs to a real account is left out, with its ballots.
 */
async function insertVoters(
  tx: Transaction,
  voters: readonly DemoVoter[],
  seededAt: number,
): Promise<(number | undefined)[]> {
  const createdAt = voters.map((v) => daysBefore(seededAt, v.createdDaysAgo));
  await bulkInsert(
    tx,
    'users',
    [
      { name: 'username', type: 'text' },
      { name: 'email', type: 'text' },
      { name: 'created_at', type: 'text', cast: 'timestamptz' },
      { name: 'email_verified_at', type: 'text', cast: 'timestamptz' },
    ],
    [voters.map((v) => v.username), voters.map((v) => v.email), createdAt, createdAt],
    { suffix: sql`ON CONFLICT DO NOTHING` },
  );
  const rows = await queryRows<{ id: number; username: string }>(
    tx,
    sql`select id, lower(username) as username from users
        where password_hash is null and google_subject is null
          and lower(username) = any(${sql.param(voters.map((v) => v.username.toLowerCase()))}::text[])`,
  );
  const idByName = new Map(rows.map((row) => [row.username, Number(row.id)]));
  return voters.map((voter) => idByName.get(voter.username.toLowerCase()));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ISO time `days` days before `time`. */
function daysBefore(time: number, days: number): string {
  return new Date(time - days * DAY_MS).toISOString();
}

/** The tables a seed fills with one row or more per series. */
const SEEDED_TABLES = ['series', 'series_details', 'votes', 'series_voters'];

/**
 * Building the indexes once after the load beats updating them row by row when the seed at least doubles
 * the catalogue; adding a few hundred series to a large one keeps them.
 */
async function worthDeferringIndexes(tx: Transaction, adding: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from series`);
  return adding >= 1000 && adding >= Number(row?.n ?? 0);
}

/** Takes ids from the series sequence up front, so every row of a chunk can be written in one pass. */
async function reserveSeriesIds(tx: Transaction, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('series', 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * Seeding adds to a catalogue that may already hold series with external ids (an earlier seed, an
 * admin's): a demo series keeps only the ids no series has yet, as each id names one series at most.
 */
async function keepFreeExternalIds(tx: Transaction): Promise<(series: DemoSeries) => DemoSeries> {
  const taken = await queryRows<{
    mal_id: number | null;
    anilist_id: number | null;
    mangaupdates_id: string | null;
  }>(
    tx,
    sql`select mal_id, anilist_id, mangaupdates_id from series
      where mal_id is not null or anilist_id is not null or mangaupdates_id is not null`,
  );
  const malIds = new Set(taken.map((row) => row.mal_id));
  const anilistIds = new Set(taken.map((row) => row.anilist_id));
  const mangaupdatesIds = new Set(taken.map((row) => row.mangaupdates_id));
  return (series) => ({
    ...series,
    malId: series.malId !== null && malIds.has(series.malId) ? null : series.malId,
    anilistId: series.anilistId !== null && anilistIds.has(series.anilistId) ? null : series.anilistId,
    mangaupdatesId:
      series.mangaupdatesId !== null && mangaupdatesIds.has(series.mangaupdatesId)
        ? null
        : series.mangaupdatesId,
  });
}

async function insertSeriesChunk(
  tx: Transaction,
  chunk: readonly DemoSeries[],
  ids: readonly number[],
  coverKeys: readonly (string | null)[],
  voterIds: readonly (number | undefined)[],
  seededAt: number,
): Promise<{ votes: number; unranked: number }> {
  const summaries: VoteSummary[] = [];
  const vote = {
    user: [] as number[],
    series: [] as number[],
    category: [] as string[],
    score: [] as number[],
    createdAt: [] as string[],
  };
  const voter = { series: [] as number[], user: [] as number[] };
  chunk.forEach((series, index) => {
    const seriesId = ids[index]!;
    const ballots = series.ballots.filter((ballot) => voterIds[ballot.voter] !== undefined);
    summaries.push(summarizeBallots(ballots));
    for (const ballot of ballots) {
      const userId = voterIds[ballot.voter]!;
      voter.series.push(seriesId);
      voter.user.push(userId);
      const castAt = daysBefore(seededAt, ballot.daysAgo);
      ballot.scores.forEach((score, category) => {
        if (score === null) return;
        vote.user.push(userId);
        vote.series.push(seriesId);
        vote.category.push(VOTE_CATEGORIES[category]!);
        vote.score.push(score);
        vote.createdAt.push(castAt);
      });
    }
  });

  const seriesIds = chunk.map((_, index) => ids[index]!);
  await bulkInsert(
    tx,
    'series',
    [
      { name: 'id', type: 'int4' },
      { name: 'title', type: 'text' },
      { name: 'genre', type: 'text' },
      { name: 'type', type: 'text', cast: 'series_type' },
      { name: 'status', type: 'text', cast: 'series_status' },
      { name: 'author', type: 'text' },
      { name: 'artist', type: 'text' },
      { name: 'cover_key', type: 'text' },
      { name: 'voter_count', type: 'int4' },
      { name: 'mal_id', type: 'int4' },
      { name: 'anilist_id', type: 'int4' },
      { name: 'mangaupdates_id', type: 'text' },
      { name: 'chapters', type: 'int4' },
      { name: 'volumes', type: 'int4' },
      { name: 'alt_titles', type: 'text', cast: 'text[]' },
    ],
    [
      seriesIds,
      chunk.map((s) => s.title),
      chunk.map((s) => s.genre),
      chunk.map((s) => s.type),
      chunk.map((s) => s.status),
      chunk.map((s) => s.author),
      chunk.map((s) => s.artist),
      coverKeys,
      summaries.map((s) => s.voterCount),
      chunk.map((s) => s.malId),
      chunk.map((s) => s.anilistId),
      chunk.map((s) => s.mangaupdatesId),
      chunk.map((s) => s.chapters),
      chunk.map((s) => s.volumes),
      chunk.map((s) => textArrayLiteral(s.altTitles)),
    ],
  );
  await bulkInsert(
    tx,
    'series_details',
    [
      { name: 'series_id', type: 'int4' },
      { name: 'synopsis', type: 'text' },
      ...VOTE_CATEGORY_FIELDS.flatMap((field) => [
        { name: snakeCase(field.total), type: 'int4' as const },
        { name: snakeCase(field.count), type: 'int4' as const },
        { name: snakeCase(field.distribution), type: 'text' as const, cast: 'int4[]' },
      ]),
    ],
    [
      seriesIds,
      chunk.map((s) => s.synopsis),
      ...VOTE_CATEGORY_FIELDS.flatMap((field) => [
        summaries.map((s) => s[field.total]),
        summaries.map((s) => s[field.count]),
        summaries.map((s) => `{${s[field.distribution].join(',')}}`),
      ]),
    ],
  );
  await bulkInsert(
    tx,
    'votes',
    [
      { name: 'user_id', type: 'int4' },
      { name: 'series_id', type: 'int4' },
      { name: 'category', type: 'text', cast: 'vote_category' },
      { name: 'score', type: 'int2' },
      { name: 'created_at', type: 'text', cast: 'timestamptz' },
    ],
    [vote.user, vote.series, vote.category, vote.score, vote.createdAt],
  );
  await bulkInsert(
    tx,
    'series_voters',
    [
      { name: 'series_id', type: 'int4' },
      { name: 'user_id', type: 'int4' },
    ],
    [voter.series, voter.user],
  );
  return { votes: vote.user.length, unranked: summaries.filter((s) => s.voterCount === 0).length };
}

/** storyTotal → story_total: the column names behind the series_details fields. */
function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Draws and stores covers in catalogue order with a bounded number in flight. `keys(start, end)` waits
 * for a range; after a failure every cover not yet stored fails too, so no caller waits forever.
 */
class CoverPipeline {
  private readonly results: { promise: Promise<string>; settle?: (error?: unknown, key?: string) => void }[];
  private readonly storedKeys: string[] = [];
  /** The first series' stored key for each pool slot. */
  private readonly poolSources = new Map<string, Promise<string>>();
  private readonly workers: Promise<void>[];
  private nextIndex = 0;
  private failure: unknown;
  drawn = 0;

  constructor(
    private readonly series: readonly DemoSeries[],
    private readonly storage: MediaStorage,
    private readonly settings: { width: number; concurrency: number; pool: number },
  ) {
    this.results = series.map(() => {
      const result: (typeof this.results)[number] = { promise: Promise.resolve('') };
      result.promise = new Promise<string>((resolve, reject) => {
        result.settle = (error, key) => (error === undefined ? resolve(key!) : reject(error));
      });
      // Marked handled: a failure is reported to whoever awaits the range, not as an unhandled rejection.
      result.promise.catch(() => {});
      return result;
    });
    this.workers = Array.from({ length: Math.max(1, settings.concurrency) }, () => this.work());
  }

  keys(start: number, end: number): Promise<string[]> {
    return Promise.all(this.results.slice(start, end).map((result) => result.promise));
  }

  /** Stops drawing and removes every cover stored so far. */
  async discard(): Promise<void> {
    this.fail(new Error('seeding was abandoned'));
    await Promise.allSettled(this.workers);
    for (let start = 0; start < this.storedKeys.length; start += 100) {
      await Promise.all(
        this.storedKeys.slice(start, start + 100).map((key) => removeImage(this.storage, key)),
      );
    }
  }

  private async work(): Promise<void> {
    while (this.failure === undefined && this.nextIndex < this.series.length) {
      const index = this.nextIndex;
      this.nextIndex += 1;
      try {
        const key = await this.coverOf(index);
        this.storedKeys.push(key);
        this.results[index]!.settle?.(undefined, key);
      } catch (error) {
        this.results[index]!.settle?.(error);
        this.fail(error);
      }
    }
  }

  /** Draws the series' cover, or copies its pool cover (drawn for the first series that uses it). */
  private coverOf(index: number): Promise<string> {
    const series = this.series[index]!;
    const poolPerType = Math.ceil(this.settings.pool / 3);
    if (poolPerType === 0) return this.draw(index, series.title);
    const slot = `${series.type}:${index % poolPerType}`;
    const source = this.poolSources.get(slot);
    if (source) return source.then((key) => copyStoredImage(this.storage, key, this.target(series)));
    const drawn = this.draw(index, '');
    this.poolSources.set(slot, drawn);
    return drawn;
  }

  private async draw(index: number, title: string): Promise<string> {
    const series = this.series[index]!;
    const pixels = await renderCoverArtPixels(
      { title, type: series.type, credit: title ? series.author : undefined, seed: index },
      this.settings.width,
    );
    const stored = await storeImagePixels(this.storage, { ...this.target(series), pixels, effort: 0 });
    this.drawn += 1;
    return stored.key;
  }

  private target(series: DemoSeries) {
    return { folder: 'covers', idHint: series.title };
  }

  private fail(error: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    for (const result of this.results.slice(this.nextIndex)) result.settle?.(error);
  }
}

/**
 * Deletes every series (with their details, votes, list entries and forum references, by cascade), the
 * demo readers and the stored covers. Real accounts are kept.
 */
export async function resetDemoCatalogue(
  db: Database,
  storage: MediaStorage,
): Promise<{ series: number; readers: number }> {
  const keyRows = await queryRows<{ key: string }>(
    db,
    sql`select cover_key as key from series where cover_key is not null
        union select cover_key from series_details where cover_key is not null`,
  );
  const removed = await db.transaction(async (tx) => {
    const series = await executeCounting(tx, sql`delete from series`);
    const readers = await executeCounting(
      tx,
      sql`delete from users where password_hash is null and google_subject is null
          and username ~ ${DEMO_USERNAME_PATTERN}`,
    );
    return { series, readers };
  });
  const keys = keyRows.map((row) => row.key);
  for (let start = 0; start < keys.length; start += 100) {
    await Promise.all(keys.slice(start, start + 100).map((key) => removeImage(storage, key)));
  }
  return removed;
}

function checkCount(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
  }
  return value;
}

function elapsed(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}
