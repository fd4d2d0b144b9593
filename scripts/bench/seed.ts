/**
 * Seed benchmark: runs the real `npm run seed` (scripts/seed.ts, in a child process, migrations and covers
 * included) for 10,000 series into a scratch DATA_DIR and prints the seconds taken and series per second.
 *
 *   npm run bench:seed                                   # embedded PGlite, 10,000 series
 *   npm run bench:seed -- --series 2000 --target memory  # memory:// (PGlite in memory)
 *   npm run bench:seed -- --target all                   # embedded, then memory
 *
 * Numbers depend on what else the machine is doing; the load average is printed with each result.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bin, projectRoot } from '../lib/processes';

const { values } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    target: { type: 'string', default: 'embedded' },
    quiet: { type: 'boolean', default: false },
  },
});

const targets = { embedded: '', memory: 'memory://' } as const;
type Target = keyof typeof targets;

async function seedOnce(target: Target, series: number): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-bench-seed-'));
  const started = performance.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(bin('tsx'), ['scripts/seed.ts', '--series', String(series)], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: targets[target] },
        stdio: ['ignore', values.quiet ? 'ignore' : 'inherit', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`the seed exited with ${code}`)),
      );
    });
    return (performance.now() - started) / 1000;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const series = Number(values.series);
  if (!Number.isInteger(series) || series < 1) throw new Error('--series must be a positive whole number');
  const chosen: Target[] = values.target === 'all' ? ['embedded', 'memory'] : [values.target as Target];
  if (chosen.some((target) => !(target in targets)))
    throw new Error('--target must be embedded, memory or all');

  const results: string[] = [];
  for (const target of chosen) {
    const before = loadavg()[0]!.toFixed(1);
    const seconds = await seedOnce(target, series);
    results.push(
      `seed ${target}: ${series} series in ${seconds.toFixed(1)} s = ${Math.round(series / seconds)} series/s ` +
        `(load average ${before} before, ${loadavg()[0]!.toFixed(1)} after)`,
    );
  }
  console.log(`\n${results.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(`bench:seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
