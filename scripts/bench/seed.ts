/**
 * Seed benchmark: runs the real `npm run seed` (scripts/seed.ts, in a child process, migrations and covers
 * included) for 10,000 series into a scratch DATA_DIR and prints the seconds taken, series per second (of
 * wall time and of the seed's CPU time, which other work on the machine does not change) and the seed's
 * peak resident memory.
 *
 *   npm run bench:seed                                   # embedded PGlite, 10,000 series
 *   npm run bench:seed -- --series 10000,100000 --voters 2000 --threads 5000   # and at the 100,000-series benchmark size
 *   npm run bench:seed -- --series 2000 --target memory  # memory:// (PGlite in memory)
 *   npm run bench:seed -- --target all                   # embedded, then memory
 *
 * Numbers depend on what else the machine is doing; the load average is printed with each result.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bin, projectRoot } from '../lib/processes';
import { printMachineReference } from './machine-reference';

const { values } = parseArgs({
  options: {
    /** One count, or several separated by commas (each seeded into its own scratch folder). */
    series: { type: 'string', default: '10000' },
    voters: { type: 'string' },
    threads: { type: 'string' },
    target: { type: 'string', default: 'embedded' },
    quiet: { type: 'boolean', default: false },
  },
});

const targets = { embedded: '', memory: 'memory://' } as const;
type Target = keyof typeof targets;

/** What the seed reports on its last line: CPU seconds and peak resident memory (MB). */
interface SeedRun {
  seconds: number;
  cpuSeconds?: number;
  peakMb?: number;
}

async function seedOnce(target: Target, series: number): Promise<SeedRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-bench-seed-'));
  const started = performance.now();
  const extra = [
    ...(values.voters ? ['--voters', values.voters] : []),
    ...(values.threads ? ['--threads', values.threads] : []),
  ];
  try {
    const report = await new Promise<Omit<SeedRun, 'seconds'>>((resolve, reject) => {
      const child = spawn(bin('tsx'), ['scripts/seed.ts', '--series', String(series), ...extra], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: targets[target] },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const found: Omit<SeedRun, 'seconds'> = {};
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (!values.quiet) console.log(line);
        const done = /([\d.]+) s of CPU, peak memory (\d+) MB/.exec(line);
        if (done) Object.assign(found, { cpuSeconds: Number(done[1]), peakMb: Number(done[2]) });
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(found) : reject(new Error(`the seed exited with ${code}`)),
      );
    });
    return { seconds: (performance.now() - started) / 1000, ...report };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  printMachineReference();
  const counts = values.series.split(',').map(Number);
  if (counts.some((count) => !Number.isInteger(count) || count < 1))
    throw new Error('--series must be positive whole numbers, separated by commas');
  const chosen: Target[] = values.target === 'all' ? ['embedded', 'memory'] : [values.target as Target];
  if (chosen.some((target) => !(target in targets)))
    throw new Error('--target must be embedded, memory or all');

  const results: string[] = [];
  for (const target of chosen) {
    for (const series of counts) {
      const before = loadavg()[0]!.toFixed(1);
      const run = await seedOnce(target, series);
      results.push(
        `seed ${target}: ${series} series in ${run.seconds.toFixed(1)} s = ${Math.round(series / run.seconds)} series/s` +
          (run.cpuSeconds
            ? `; ${run.cpuSeconds.toFixed(1)} s of CPU = ${Math.round(series / run.cpuSeconds)} series per CPU-second`
            : '') +
          (run.peakMb ? `; peak memory ${run.peakMb} MB` : '') +
          ` (load average ${before} before, ${loadavg()[0]!.toFixed(1)} after)`,
      );
    }
  }
  console.log(`\n${results.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(`bench:seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
