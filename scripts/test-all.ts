/**
 * `npm test`: lint, typecheck, unit, API and site-build tests (vitest) and end-to-end tests (Playwright in Chromium),
 * each run even when an earlier one failed, ending with one line that sums them all.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserError, ensureBrowser, type Browser } from './lib/browser';
import { astroEnv, bin, run } from './lib/processes';

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
}

const reportDir = mkdtempSync(join(tmpdir(), 'panelrank-test-reports-'));
const only = new Set(process.argv.slice(2));
const tallies: Tally[] = [];

/** A check without a test count (lint, typecheck) counts as one test. */
async function check(name: string, command: string, args: string[]) {
  if (only.size && !only.has(name)) return;
  banner(name);
  const ok = await run(command, args, { env: astroEnv(process.env) }).then(
    () => true,
    () => false,
  );
  tallies.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

async function vitest(project: 'unit' | 'api' | 'build') {
  if (only.size && !only.has(project)) return;
  banner(`${project} tests`);
  const output = join(reportDir, `vitest-${project}.json`);
  const ok = await run(bin('vitest'), [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]).then(
    () => true,
    () => false,
  );
  try {
    const report = JSON.parse(readFileSync(output, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numTotalTestSuites: number;
      testResults: { status: string }[];
    };
    // A file that fails to load has no tests but must still count as a failure.
    const brokenFiles = report.testResults.filter((file) => file.status === 'failed').length;
    tallies.push({
      name: project,
      passed: report.numPassedTests,
      failed: Math.max(report.numFailedTests, ok ? 0 : brokenFiles || 1),
      skipped: report.numPendingTests + report.numTodoTests,
    });
  } catch {
    tallies.push({ name: project, passed: 0, failed: 1, skipped: 0 });
  }
}

async function playwright() {
  if (only.size && !only.has('e2e')) return;
  banner('end-to-end tests (Chromium)');
  let browser: Browser;
  try {
    browser = await ensureBrowser();
  } catch (error) {
    if (!(error instanceof BrowserError)) throw error;
    console.log(error.message);
    tallies.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0 });
    return;
  }
  console.log(`Browser: ${browser.version} at ${browser.path} (${browser.source})`);
  const output = join(reportDir, 'playwright.json');
  const ok = await run(bin('playwright'), ['test'], {
    // playwright.config.ts takes CHROMIUM_PATH first, so the tests run in the browser chosen here.
    env: { ...astroEnv(process.env), CHROMIUM_PATH: browser.path, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
  }).then(
    () => true,
    () => false,
  );
  try {
    const { stats } = JSON.parse(readFileSync(output, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    tallies.push({
      name: 'e2e',
      passed: stats.expected + stats.flaky,
      failed: Math.max(stats.unexpected, ok ? 0 : 1),
      skipped: stats.skipped,
    });
  } catch {
    tallies.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0 });
  }
}

function banner(name: string) {
  console.log(`\n━━━ ${name} ━━━`);
}

await check('lint', 'npm', ['run', '--silent', 'lint']);
await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
await vitest('unit');
await vitest('api');
await vitest('build');
await playwright();
rmSync(reportDir, { recursive: true, force: true });

console.log('\nSummary');
for (const t of tallies)
  console.log(`  ${t.name.padEnd(10)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
const skipped = tallies.reduce((sum, t) => sum + t.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
