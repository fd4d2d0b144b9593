import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'api/**/*.test.ts'] },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Each file boots its own server on its own in-memory database.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real site builds against the real API (minutes, not seconds): npm test runs them once.
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
