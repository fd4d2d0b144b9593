// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { typePageRedirectsIntegration } from './src/features/navigation/type-redirects.ts';
import { keepDetails, prefetchCatalogue } from './src/features/catalogue/catalogue-prefetch.ts';
import { siteLinkProblems } from './src/lib/external-links.ts';
import { incrementalBuild } from './src/features/incremental-build/integration.ts';
import { reactRenderToStringWithPrefix } from './src/lib/react-render-to-string.ts';
import { astroPagePieces } from './src/lib/astro-page-pieces.ts';
import {
  pagesInFlight,
  renderWorkerSetting,
  renderWorkers,
} from './src/features/render-workers/integration.ts';

// The config file runs before Vite loads `.env`, so read it here too: SITE_URL may live in `.env`.
const env = { ...loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), ''), ...process.env };
const siteUrl = (env.SITE_URL || 'http://localhost:4321').replace(/\/+$/, '');
// The pages an incremental build keeps from the previous one: the sitemap lists them with those it renders.
/** @type {string[]} */
const keptPageUrls = [];
// Threads that render pages beside the main one (src/features/render-workers): RENDER_WORKERS, else one per
// spare core in rebuilds.
const renderWorkerSetup = renderWorkerSetting(env);

export default defineConfig({
  site: siteUrl,
  output: 'static',
  // The e2e stack and benchmarks build into scratch folders so they never clobber dist/.
  outDir: env.SITE_DIST || './dist',
  // The build benchmark gives each build its own caches, so that it starts from nothing.
  cacheDir: env.ASTRO_CACHE_DIR || './node_modules/.astro',
  // `/about` builds to `about.html`: Netlify (pretty URLs), sirv and `astro preview` serve it at `/about`
  // with no redirect, so the served URL is the canonical one. The directory format would make Netlify
  // redirect `/about` to `/about/`.
  trailingSlash: 'never',
  // Pages in flight at once: as many as the render workers may hold, and the main thread's eight.
  build: { format: 'file', concurrency: pagesInFlight(renderWorkerSetup) },
  // Astro 7 defaults to JSX whitespace rules, which drop the space at a line break between text and an
  // inline element ("Korea,<strong>manga</strong>"). Prettier wraps .astro markup by HTML rules, so keep
  // HTML's lossless whitespace handling instead.
  compressHTML: true,
  vite: {
    // Pages built without page-sized strings (src/lib/astro-page-pieces.ts).
    plugins: [reactRenderToStringWithPrefix(), astroPagePieces()],
    ...(env.ASTRO_CACHE_DIR ? { cacheDir: `${env.ASTRO_CACHE_DIR}/vite` } : {}),
    worker: {
      // The forum's markdown renderer runs in a worker (src/features/forum/markdown.worker.ts), which has no
      // DOM: micromark's entity decoder has a browser build that uses `document`, so the worker bundle takes
      // the package's worker build (its `worker` export) instead.
      plugins: () => [
        {
          name: 'panelrank-worker-entity-decoder',
          enforce: 'pre',
          resolveId(source) {
            return source === 'decode-named-character-reference'
              ? fileURLToPath(
                  new URL('./node_modules/decode-named-character-reference/index.js', import.meta.url),
                )
              : null;
          },
        },
      ],
    },
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // Small catalogue helpers the list, series and compare islands share: one file rather than
                // half a dozen of a few hundred bytes, each compressed (worse) on its own.
                name: 'catalogue-client',
                test: /[\\/]src[\\/]features[\\/](catalogue[\\/](catalogue-api|catalogue-messages|series-format|cover-image|catalogue-types|ranked-series-fields)|series[\\/](series-categories|series-page))\.ts$/,
              },
            ],
          },
        },
      },
    },
  },
  integrations: [
    // Islands render with React's renderToString, not its web stream (src/lib/react-render-to-string.ts:
    // the same HTML, much faster); no island suspends on the server, so there is nothing to stream.
    react({ experimentalDisableStreaming: true }),
    {
      // The external links and the contact address: well-formed, and in a production build never a
      // documentation placeholder such as social.example.com (src/lib/external-links.ts).
      name: 'panelrank-site-links',
      hooks: {
        'astro:config:setup': ({ command }) => {
          if (command !== 'build') return;
          // `astro build` sets NODE_ENV to production unless the caller chose another mode.
          const production = (process.env.NODE_ENV ?? 'production') === 'production';
          const problems = siteLinkProblems(env, { production });
          if (problems.length > 0) {
            throw new Error(`The site's configuration is not valid:\n- ${problems.join('\n- ')}`);
          }
        },
      },
    },
    {
      // client:interaction (hydrate on first touch, focus or key); see the entrypoint.
      name: 'panelrank-client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'interaction',
            entrypoint: fileURLToPath(new URL('./src/lib/client-directives/interaction.ts', import.meta.url)),
          });
        },
      },
    },
    {
      // `astro build` reads the catalogue while it syncs and bundles, not after (catalogue-prefetch.ts).
      name: 'panelrank-catalogue-prefetch',
      hooks: {
        'astro:config:setup': ({ command }) => {
          if (command === 'build') {
            prefetchCatalogue(
              {
                BUILD_API_URL: env.BUILD_API_URL,
                PUBLIC_API_URL: env.PUBLIC_API_URL,
                SNAPSHOT_FILE: env.SNAPSHOT_FILE,
              },
              process.env.PREVIOUS_SITE_DIST?.trim() || undefined,
            );
          }
        },
        // The details read, beside the output: the next build reads again only those that changed.
        'astro:build:done': ({ dir }) => keepDetails(fileURLToPath(dir)),
      },
    },
    // Renders only the data pages whose inputs changed since PREVIOUS_SITE_DIST's build, keeps the rest.
    incrementalBuild(keptPageUrls, fileURLToPath(new URL('.', import.meta.url))),
    // Pages rendered on worker threads as well as the main one: the same files, in a fraction of the time.
    renderWorkers(renderWorkerSetup),
    // dist/_redirects: public/_redirects plus a rule for every other casing of the type pages.
    typePageRedirectsIntegration(),
    sitemap({
      customPages: keptPageUrls,
      // Not in the sitemap: the 404 page, the client-rendered series and forum-thread fallbacks, the compare
      // page, the check-your-email and verify-email steps of signup, the report form's outcome pages and the
      // reading-list pages, the profile page, the admins' pages, /account/apps and the OAuth consent page (all noindex,
      // no content of their own); nor the social card
      // images.
      filter: (page) =>
        !/^\/(404|series\/fallback|forum\/fallback|compare|check-your-email|verify-email|report-issue\/(sent|not-sent\/.*)|my-lists|notifications|lists|u|admin\/.*|account\/apps|oauth\/.*|social\/.*)(\.html)?\/?$/.test(
          new URL(page).pathname,
        ),
    }),
  ],
});
