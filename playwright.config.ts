import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './scripts/lib/browser';
import { e2eStack } from './tests/e2e/stack-config';

/**
 * The browser `npm test` chose (it passes CHROMIUM_PATH), else the same lookup it uses. Undefined leaves
 * Playwright's own message about installing one.
 */
const chromiumPath = findBrowser()?.path;

export default defineConfig({
  testDir: '.',
  testMatch: ['tests/e2e/**/*.spec.ts', 'src/**/*.e2e.ts'],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: e2eStack.siteUrl,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // Seeds a scratch database, starts the real API, builds the site against it and serves the build.
    command: 'tsx scripts/e2e/stack.ts',
    url: `${e2eStack.siteUrl}/about`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
