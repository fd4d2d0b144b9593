import { DEFAULT_REBUILD_INTERVAL } from '../lib/rebuild-job';

/**
 * Environment variables read outside the API (whose settings are api/config.ts' schema): by the site's
 * build, by the local runner scripts and tests, and by the Netlify function. Each names the files that read
 * it; tests/unit/docs-configuration.test.ts checks that they still do, that a literal default still appears
 * in one of them, and that every variable those folders read is listed here or in the API's schema.
 */
export interface EnvSetting {
  name: string;
  /** The value used when the variable is unset or empty, as it would be written. */
  default?: string;
  /** What happens when it is unset, when that is not a plain value. */
  unset?: string;
  description: string;
  /** Files (from the repository's root) that read the variable. */
  readBy: string[];
}

/** The rule of src/lib/external-links.ts, which astro.config.mjs applies to every build. */
const PLACEHOLDERS_REFUSED =
  ' A production build (`npm run build`, `npm start`) fails on an address at example.com, example.net, ' +
  'example.org or under .example, which leads nowhere.';

export const siteBuildSettings: EnvSetting[] = [
  {
    name: 'SITE_URL',
    default: 'http://localhost:4321',
    description:
      'The public origin of the site: canonical and absolute URLs, the sitemap, social cards. The local ' +
      'scripts default it to `http://localhost:SITE_PORT` and pass it to the API and the build.',
    readBy: [
      'astro.config.mjs',
      'src/lib/site-config.ts',
      'scripts/start.ts',
      'scripts/dev.ts',
      'scripts/rebuild.ts',
    ],
  },
  {
    name: 'PUBLIC_API_URL',
    default: 'http://localhost:8787',
    description: 'The API the browser islands call (inlined into the client scripts).',
    readBy: ['src/lib/site-config.ts', 'src/lib/api-client.ts', 'src/lib/build-source-env.ts'],
  },
  {
    name: 'BUILD_API_URL',
    unset: '`PUBLIC_API_URL`',
    description:
      'The API the build reads the catalogue, forum threads and tracker from (an internal address, if there ' +
      'is one), and where it fetches covers for the social cards. `npm run rebuild` defaults it to the ' +
      'local API.',
    readBy: ['src/lib/build-source-env.ts', 'scripts/rebuild.ts'],
  },
  {
    name: 'SNAPSHOT_FILE',
    unset: 'the API',
    description:
      'Build from this snapshot (`npm run snapshot`) instead of the API. Unset, a build whose API is ' +
      'unreachable falls back to `.snapshot/catalogue.json` if it exists (with a warning), else fails ' +
      'naming both options.',
    readBy: ['src/lib/build-source-env.ts'],
  },
  {
    name: 'SITE_DIST',
    default: 'dist',
    description:
      'Output folder of the build. For `npm start` and `npm run rebuild`: the link to the current build ' +
      '(the builds live in `<SITE_DIST>.builds/`).',
    readBy: ['astro.config.mjs', 'scripts/start.ts', 'scripts/rebuild.ts', 'scripts/bench/page-weight.ts'],
  },
  {
    name: 'PREVIOUS_SITE_DIST',
    unset: 'a full build',
    description:
      "The previous build's output: the build renders only the data pages (series, forum threads, lists) " +
      'whose inputs changed and links the rest from there, and reads again from the API only the series ' +
      'details whose version changed; a change of code, settings or dependencies, or ' +
      'a missing or damaged previous output, makes it a full build (docs/features/incremental-build.md). ' +
      '`npm start` and `npm run rebuild` set it to the current build; on Netlify a build plugin restores it ' +
      'from the build cache.',
    readBy: [
      'src/features/incremental-build/integration.ts',
      'astro.config.mjs',
      'scripts/lib/site-builds.ts',
    ],
  },
  {
    name: 'RENDER_WORKERS',
    unset: 'in rebuilds one worker per spare core (at most 2); in full builds none',
    description:
      'Worker threads that render pages beside the main thread during `astro build` (0: the main thread ' +
      'only); set, it applies to full builds too. A worker renders every page but the series pages, from ' +
      "the catalogue without the series' details. The output is the same whatever the number " +
      '(docs/features/render-workers.md).',
    readBy: ['astro.config.mjs', 'src/features/render-workers/integration.ts'],
  },
  {
    name: 'CARD_CACHE_DIR',
    default: 'node_modules/.cache/panelrank/social-cards',
    description:
      'Where drawn social cards are kept: between builds for the few the build draws (Netlify restores ' +
      '`node_modules/.cache` between builds), and by the local site server for the series and forum cards ' +
      'it draws on request (the deployed function keeps them in /tmp).',
    readBy: [
      'src/pages/social/[...card].ts',
      'src/features/social/draw-card.ts',
      'src/features/social/on-demand-card.ts',
    ],
  },
  {
    name: 'ASTRO_CACHE_DIR',
    default: 'node_modules/.astro',
    description:
      "Astro's cache (the forum collection's data store, whose unchanged threads a rebuild of the same code " +
      "keeps instead of rendering their posts again) and, under `vite/`, Vite's. On Netlify the build plugin " +
      'keeps it in the build cache. The build benchmark points it at a scratch folder of its own, which the ' +
      'builds of one run share, as rebuilds share the default one.',
    readBy: ['astro.config.mjs', 'scripts/bench/build.ts', 'netlify/plugins/previous-build/index.js'],
  },
  {
    name: 'PUBLIC_IMAGE_SITE_URL',
    unset: 'no link',
    description:
      'The image-collection site the main menu links to (header and mobile menu), an http(s) address.' +
      PLACEHOLDERS_REFUSED,
    readBy: ['src/lib/site-config.ts', 'src/lib/external-links.ts'],
  },
  {
    name: 'PUBLIC_IMAGE_SITE_LABEL',
    default: 'GALLERY',
    description: 'The label of that link.',
    readBy: ['src/lib/site-config.ts'],
  },
  {
    name: 'PUBLIC_SOCIAL_URL',
    unset: 'no link',
    description:
      "The product's social-media page, linked from the main menu and the contact page." +
      PLACEHOLDERS_REFUSED,
    readBy: ['src/lib/site-config.ts', 'src/lib/external-links.ts'],
  },
  {
    name: 'PUBLIC_SOCIAL_LABEL',
    default: 'SOCIAL',
    description: 'The label of that link.',
    readBy: ['src/lib/site-config.ts'],
  },
  {
    name: 'PUBLIC_CONTACT_EMAIL',
    unset: 'not shown',
    description: 'The contact address shown on the contact page.' + PLACEHOLDERS_REFUSED,
    readBy: ['src/lib/site-config.ts', 'src/lib/external-links.ts'],
  },
  {
    name: 'PUBLIC_SOURCE_REPO_URL',
    unset: 'no link',
    description: 'The source repository the footer links to.' + PLACEHOLDERS_REFUSED,
    readBy: ['src/lib/site-config.ts', 'src/lib/external-links.ts'],
  },
];

export const localRunnerSettings: EnvSetting[] = [
  {
    name: 'SITE_PORT',
    default: '4321',
    description: 'Port of the local site server (`npm start`) and of the Astro dev server (`npm run dev`).',
    readBy: ['scripts/start.ts', 'scripts/dev.ts', 'scripts/rebuild.ts'],
  },
  {
    name: 'SITE_HOST',
    default: '127.0.0.1',
    description: 'Interface of the local site server.',
    readBy: ['scripts/start.ts'],
  },
  {
    name: 'REBUILD_INTERVAL',
    default: DEFAULT_REBUILD_INTERVAL,
    description:
      'How often `npm start` rebuilds the site against the running API: seconds or a number with a unit ' +
      '(`90s`, `15m`, `1h`); `0` turns the schedule off.',
    readBy: ['scripts/start.ts', 'scripts/lib/rebuild-job.ts'],
  },
  {
    name: 'ADMIN_SOCKET_TIMEOUT_MS',
    default: '10000',
    description: "How long the admin CLI waits for a running API's answer on its control socket.",
    readBy: ['scripts/admin.ts'],
  },
  {
    name: 'ASTRO_TELEMETRY_DISABLED',
    default: '1',
    description: 'The scripts that run Astro turn its telemetry off unless this is set.',
    readBy: ['scripts/lib/processes.ts'],
  },
  {
    name: 'TEST_DATABASE_URL',
    unset: 'in-memory PGlite',
    description:
      'Runs the API tests against this PostgreSQL server; each test server gets a scratch database.',
    readBy: ['tests/api/harness.ts'],
  },
  {
    name: 'E2E_API_PORT',
    default: '8797',
    description: "Port of the end-to-end stack's API.",
    readBy: ['tests/e2e/stack-config.ts'],
  },
  {
    name: 'E2E_SITE_PORT',
    default: '4331',
    description: "Port of the end-to-end stack's site.",
    readBy: ['tests/e2e/stack-config.ts'],
  },
  {
    name: 'CHROMIUM_PATH',
    unset: "the first system Chromium or Chrome that runs, else Playwright's",
    description:
      'Browser of the end-to-end tests (`npm test`, `npm run test:e2e`); one that does not run is an error.',
    readBy: ['scripts/lib/browser.ts'],
  },
  {
    name: 'PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT',
    default: '15000',
    description:
      "Connection timeout (ms) of `npm test`'s Chromium download, so a blocked network only costs the attempt.",
    readBy: ['scripts/lib/browser.ts'],
  },
];

export const netlifySettings: EnvSetting[] = [
  {
    name: 'BUILD_HOOK_URL',
    unset: 'no scheduled rebuild (the function answers 500)',
    description:
      "The site's build hook (Site settings → Build hooks), which the scheduled function " +
      '`netlify/functions/scheduled-rebuild.mts` calls every hour to rebuild the site.',
    readBy: ['netlify/functions/scheduled-rebuild.mts'],
  },
];

/**
 * Variables some code reads that are not settings of this project: Astro's own `SITE`, the NODE_ENV Astro's
 * configuration passes to Vite, and what CI and the test runner set for Playwright.
 */
export const notSettings = ['SITE', 'NODE_ENV', 'CI', 'PLAYWRIGHT_JSON_OUTPUT_NAME'];
