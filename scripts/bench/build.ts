/**
 * Build benchmark: seeds 10,000 series and 2,000 forum threads (plus one thread of 300 posts) into a
 * scratch embedded database, starts the API on it, builds the site against it and reports pages per second
 * (goal: at least 150 on 2 cores). It also checks that the 300-post thread was pre-rendered whole, so it
 * reads without JavaScript.
 *
 *   npm run bench:build                      # 10,000 series, 2,000 threads
 *   npm run bench:build -- --series 2000 --threads 500 --long-thread 300
 *   npm run bench:build -- --verbose        # with Astro's output
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../api/config';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { seedDemoCatalogue } from '../demo/demo-catalogue';
import { seedGeneratedThreads, seedLongThread } from '../demo/demo-forum';
import { LocalDiskStorage } from '../../api/media/storage';
import { astroEnv, bin, run, spawnApi, stopProcess, waitForHttp } from '../lib/processes';

const { values } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    threads: { type: 'string', default: '2000' },
    'long-thread': { type: 'string', default: '300' },
    port: { type: 'string', default: '8796' },
    keep: { type: 'boolean', default: false },
    // Astro's own output (its phases and per-route timings), for finding where a slow build spends its time.
    verbose: { type: 'boolean', default: false },
  },
});
const GOAL_PAGES_PER_SECOND = 150;

function countHtml(dir: string): number {
  let pages = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) pages += countHtml(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) pages += 1;
  }
  return pages;
}

async function main() {
  const series = Number(values.series);
  const scratch = mkdtempSync(join(tmpdir(), 'panelrank-bench-build-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: scratch,
    DATABASE_URL: '',
    PORT: values.port,
    LOG_LEVEL: 'warn',
    CAPTCHA_PROVIDER: 'altcha',
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
    ALTCHA_HMAC_KEY: 'bench-only-hmac-key-bench-only-hmac-key-0123',
    PUBLIC_API_URL: `http://localhost:${values.port}`,
    SITE_URL: 'https://panelrank.example',
  };
  try {
    console.log(`Seeding ${series} series into ${scratch} …`);
    // Seed before the API starts: the embedded database admits one process at a time.
    const config = loadConfig(env);
    const database = await openMigratedDatabase(config, { role: 'seed' });
    const seeded = await seedDemoCatalogue(
      database.db,
      new LocalDiskStorage(join(scratch, 'media'), config.publicApiUrl),
      { series, covers: false },
    );
    console.log(`  seeded in ${seeded.seconds.toFixed(1)} s (covers skipped: the build only links to them)`);
    const threads = Number(values.threads);
    const longPosts = Number(values['long-thread']);
    const forumStarted = performance.now();
    const forum = await seedGeneratedThreads(database.db, { threads });
    const longThread = longPosts > 0 ? await seedLongThread(database.db, { posts: longPosts }) : undefined;
    await database.close();
    console.log(
      `  ${forum.threads} forum threads (${forum.posts} posts)` +
        `${longThread === undefined ? '' : ` and thread ${longThread} of ${longPosts} posts`} ` +
        `in ${((performance.now() - forumStarted) / 1000).toFixed(1)} s`,
    );

    const server = spawnApi({ env, stdio: ['ignore', 'ignore', 'inherit'] });
    try {
      await waitForHttp(`http://127.0.0.1:${values.port}/health`, 120_000, server);
      const distDir = join(scratch, 'dist');
      const load = loadavg()[0]!.toFixed(1);
      const started = performance.now();
      await run(bin('astro'), ['build'], {
        env: { ...astroEnv(env), SITE_DIST: distDir, BUILD_API_URL: `http://127.0.0.1:${values.port}` },
        stdio: ['ignore', values.verbose ? 'inherit' : 'ignore', 'inherit'],
      });
      const seconds = (performance.now() - started) / 1000;
      const pages = countHtml(distDir);
      const threadPages = countHtml(join(distDir, 'forum')) - 1; // without the fallback page
      const rate = pages / seconds;
      console.log(
        `\nbuild: ${pages} pages (${threadPages} forum threads) in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} pages/s`,
      );
      if (longThread !== undefined) {
        // Pre-rendered whole: every post is an <article> of the HTML, readable with no JavaScript.
        const html = readFileSync(join(distDir, 'forum', `${longThread}.html`), 'utf8');
        const articles = html.match(/<article\b[^>]*data-post-id=/g)?.length ?? 0;
        console.log(
          `thread ${longThread}: ${articles} of ${longPosts} posts in its HTML (${(html.length / 1024).toFixed(0)} KB) ` +
            `→ ${articles === longPosts ? 'readable without JavaScript' : 'INCOMPLETE'}`,
        );
        if (articles !== longPosts) process.exitCode = 1;
      }
      console.log(
        `goal: ${GOAL_PAGES_PER_SECOND} pages/s → ratio ${(rate / GOAL_PAGES_PER_SECOND).toFixed(2)} ` +
          `(${rate >= GOAL_PAGES_PER_SECOND ? 'met' : 'missed'}; load average ${load} at start)`,
      );
    } finally {
      await stopProcess(server);
    }
  } finally {
    if (!values.keep) rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
