/**
 * Brigade benchmark: what a vote brigade does to a series' rank under the weighted score and under the plain
 * mean it replaced, how soon the review of unusual voting names the series, and whether voiding the brigade
 * puts everything back exactly.
 *
 * Seeds the demo catalogue (embedded, in a scratch DATA_DIR) with 40 accounts created just now and an admin,
 * starts a real API process on it, picks a ranked series in the bottom half of the ranking, and has the 40
 * accounts vote 10 in every category on it. Prints the series' rank before the brigade, after it and after
 * the void (weighted), the same before and after the brigade under the plain mean of the five category
 * averages (computed here from the same totals), the time from the brigade's first vote until
 * GET /admin/vote-anomalies names the series (goal: within 60 s), and OK or FAIL for each check that the
 * void restored the series' totals, distributions, voter count, final score and rank, and the whole
 * ranking, exactly. Exits non-zero on any FAIL.
 *
 *   npm run bench:brigade [-- --series 300 --voters 400 --brigade 40 --seed 42]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { hashPassword } from '../../api/accounts/passwords';
import { loadConfig } from '../../api/config';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { users, VOTE_CATEGORY_FIELDS } from '../../api/db/schema';
import { LocalDiskStorage } from '../../api/media/storage';
import type { SeriesDetail } from '../../contract/catalogue';
import type { VoteAnomaly } from '../../contract/vote-review';
import { seedDemoCatalogue } from '../demo/demo-catalogue';
import { spawnApiProcess, stopProcess, waitForHttp } from '../lib/processes';
import { printMachineReference } from './machine-reference';

const { values: options } = parseArgs({
  options: {
    series: { type: 'string', default: '300' },
    voters: { type: 'string', default: '400' },
    seed: { type: 'string', default: '42' },
    brigade: { type: 'string', default: '40' },
    port: { type: 'string' },
  },
});
const BRIGADE = Number(options.brigade);
const ANOMALY_GOAL_MS = 60_000;
const PASSWORD = 'brigade bench password';
const FIELDS = VOTE_CATEGORY_FIELDS.map((field) => field.field);

type Totals = Pick<SeriesDetail, `${(typeof FIELDS)[number]}_${'total' | 'count'}`>;

/** The score the weighted one replaced: the mean of the five category averages, 0 for a category without votes. */
function plainMean(detail: Totals): number {
  const sum = FIELDS.reduce((total, field) => {
    const count = detail[`${field}_count`];
    return total + (count > 0 ? detail[`${field}_total`] / count : 0);
  }, 0);
  return sum / FIELDS.length;
}

/** Competition rank (1, 2, 2, 4) of `id` among the series with at least `minVoters` voters, by `score`. */
function rankBy(details: SeriesDetail[], id: number, minVoters: number, score: (d: SeriesDetail) => number) {
  const ranked = details.filter((detail) => detail.vote_count >= minVoters);
  const mine = ranked.find((detail) => detail.series_id === id);
  if (!mine) return null;
  const own = score(mine);
  return 1 + ranked.filter((detail) => score(detail) > own).length;
}

async function main(): Promise<number> {
  printMachineReference();
  const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-bench-brigade-'));
  const port = options.port ?? String(20_000 + Math.floor(Math.random() * 20_000));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: port,
    LOG_LEVEL: 'warn',
    CAPTCHA_PROVIDER: 'off',
    AUTH_RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_ACCOUNT_MAX: '100000',
    JWT_SECRET: 'brigade-bench-secret-of-at-least-32-characters',
  };
  try {
    // The demo catalogue, and the brigade's accounts and an admin created just now.
    const config = loadConfig(env);
    const database = await openMigratedDatabase(config, { role: 'seed' });
    try {
      const seeded = await seedDemoCatalogue(
        database.db,
        new LocalDiskStorage(join(dataDir, 'media'), config.publicApiUrl),
        {
          series: Number(options.series),
          voters: Number(options.voters),
          seed: Number(options.seed),
          covers: false,
        },
      );
      console.log(
        `Seeded ${seeded.series} series, ${seeded.voters} readers and ${seeded.votes} votes in ${seeded.seconds} s`,
      );
      const passwordHash = await hashPassword(PASSWORD);
      await database.db.insert(users).values(
        [
          { username: 'bench_admin', email: 'bench.admin@gmail.com', role: 'ADMIN' as const },
          ...Array.from({ length: BRIGADE }, (_, i) => ({
            username: `brigade${i}`,
            email: `brigade${i}@gmail.com`,
          })),
        ].map((user) => ({ ...user, passwordHash, emailVerifiedAt: new Date() })),
      );
    } finally {
      await database.close();
    }

    const base = `http://127.0.0.1:${port}`;
    const api = spawnApiProcess(env, ['ignore', 'ignore', 'inherit']);
    try {
      await waitForHttp(`${base}/health`, 120_000, api);
      return await run(base);
    } finally {
      await stopProcess(api);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(base: string): Promise<number> {
  const call = async <T>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const response = await fetch(base + path, {
      ...rest,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const login = async (username: string) =>
    (
      await call<{ access_token: string }>('/auth/login', {
        method: 'POST',
        json: { username, password: PASSWORD },
      })
    ).access_token;
  const catalogue = async () => {
    const details: SeriesDetail[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await call<{ items: SeriesDetail[]; has_more: boolean }>(
        `/series/catalogue?page=${page}&page_size=1000`,
      );
      details.push(...answer.items);
      if (!answer.has_more) return details;
    }
  };
  const order = () => call<{ items: { id: number; rank: number | null }[] }>('/series/ranking-order');
  const detailOf = (id: number) => call<SeriesDetail>(`/series-details/${id}`);

  const admin = await login('bench_admin');
  const brigade = await Promise.all(Array.from({ length: BRIGADE }, (_, i) => login(`brigade${i}`)));
  const { min_voters: minVoters } = await call<{ min_voters: number }>('/series/ranking-method');

  // A ranked series three quarters of the way down the ranking.
  const orderBefore = await order();
  const ranked = orderBefore.items.filter((item) => item.rank !== null);
  const target = ranked[Math.floor(ranked.length * 0.75)]!.id;
  const detailsBefore = await catalogue();
  const before = await detailOf(target);
  const plainBefore = rankBy(detailsBefore, target, minVoters, plainMean);
  console.log(
    `Target: "${before.title}" (id ${target}), ${before.vote_count} voters, of ${ranked.length} ranked`,
  );

  // The brigade, with the review polled from its first vote.
  const started = performance.now();
  let namedAfterMs: number | undefined;
  let brigading = true;
  const poller = (async () => {
    while (namedAfterMs === undefined && (brigading || performance.now() - started < ANOMALY_GOAL_MS)) {
      const anomalies = await call<VoteAnomaly[]>('/admin/vote-anomalies', { token: admin });
      if (anomalies.some((anomaly) => anomaly.series_id === target))
        namedAfterMs = performance.now() - started;
      else await sleep(100);
    }
  })();
  for (const token of brigade) {
    await call(`/series-details/${target}/votes`, {
      method: 'POST',
      token,
      json: { scores: Object.fromEntries(FIELDS.map((field) => [field, 10])) },
    });
  }
  const brigadeMs = performance.now() - started;
  brigading = false;
  await poller;
  const brigaded = await detailOf(target);
  const detailsBrigaded = detailsBefore.map((detail) => (detail.series_id === target ? brigaded : detail));
  const plainBrigaded = rankBy(detailsBrigaded, target, minVoters, plainMean);

  const anomaly = (await call<VoteAnomaly[]>('/admin/vote-anomalies', { token: admin })).find(
    (entry) => entry.series_id === target,
  );
  const voidStarted = performance.now();
  const voided = await call<{ voided_votes: number; series_ids: number[] }>('/admin/vote-voids', {
    method: 'POST',
    token: admin,
    json: {
      user_ids: anomaly?.accounts.map((account) => account.user_id) ?? [],
      series_id: target,
      reason: 'Benchmark brigade',
    },
  });
  const voidMs = performance.now() - voidStarted;
  const after = await detailOf(target);
  const orderAfter = await order();

  const gain = (from: number | null, to: number | null) => (from ?? 0) - (to ?? 0);
  const weightedGain = gain(before.rank, brigaded.rank);
  const plainGain = gain(plainBefore, plainBrigaded);
  console.log('');
  console.log(`${BRIGADE} new accounts voted 10 in every category in ${Math.round(brigadeMs)} ms`);
  console.log(
    `weighted rank: before ${before.rank}, after the brigade ${brigaded.rank}, after the void ${after.rank} (up ${weightedGain} places)`,
  );
  console.log(
    `plain mean rank: before ${plainBefore}, after the brigade ${plainBrigaded} (up ${plainGain} places)`,
  );
  console.log(
    `places gained: plain mean / weighted = ${plainGain} / ${weightedGain} = ${
      weightedGain === 0 ? '∞' : (plainGain / weightedGain).toFixed(2)
    }`,
  );
  console.log(
    `named by the review of unusual voting after ${namedAfterMs === undefined ? 'never' : `${Math.round(namedAfterMs)} ms`} (goal ${ANOMALY_GOAL_MS / 1000} s)`,
  );
  console.log(
    `void: ${voided.voided_votes} votes on ${voided.series_ids.length} series in ${Math.round(voidMs)} ms`,
  );
  console.log('');

  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const pick = (detail: SeriesDetail, keys: (keyof SeriesDetail)[]) => keys.map((key) => detail[key]);
  const totals = FIELDS.flatMap((field) => [`${field}_total`, `${field}_count`]) as (keyof SeriesDetail)[];
  const checks: [string, boolean][] = [
    ['named within 60 s', namedAfterMs !== undefined && namedAfterMs <= ANOMALY_GOAL_MS],
    ['the brigade moved the series up', (brigaded.rank ?? Infinity) < (before.rank ?? Infinity)],
    ['every brigade vote voided', voided.voided_votes === BRIGADE * FIELDS.length],
    ['totals and counts as before', same(pick(after, totals), pick(before, totals))],
    ['vote counts as before', same(after.vote_counts, before.vote_counts)],
    ['distributions as before', same(after.score_distribution, before.score_distribution)],
    ['voters as before', after.vote_count === before.vote_count],
    [
      'final and mean score as before',
      same(pick(after, ['final_score', 'mean_score']), pick(before, ['final_score', 'mean_score'])),
    ],
    ['rank as before', after.rank === before.rank],
    ['whole ranking as before', same(orderAfter, orderBefore)],
    ['whole detail as before', same(after, before)],
  ];
  for (const [name, ok] of checks) console.log(`${ok ? 'OK  ' : 'FAIL'} ${name}`);
  return checks.every(([, ok]) => ok) ? 0 : 1;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error);
  return 1;
});
