import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { PREFETCH_SLOT_KEY, prefetchedCatalogue } from '../catalogue/catalogue-prefetch';
import { SERIES_PAGE_ROUTE, catalogueWithoutDetails } from '../catalogue/catalogue-without-details';
import {
  BUILD_PAGES_SLOT_KEY,
  buildPagesState,
  pagesRenderedElsewhere,
} from '../incremental-build/changed-pages';
import { PAGES_IN_HAND, RenderPool } from './render-pool';
import { spreadForWorkers } from './render-order';
import type { WorkerSetup } from './render-protocol';

/*
 * Render workers (docs/features/render-workers.md). `astro build` renders its pages one after another on
 * one thread; a rebuild after votes renders every list page again. This integration gives Astro a renderer
 * (its prerenderer API) that hands pages to worker threads, each with its own copy of the build's server
 * bundle and of the catalogue less the series' details, and renders on the main thread the series pages and
 * whatever no worker has room for; Astro writes every page as before. The output is the same byte for byte
 * (tests/build).
 */

/** How many workers render beside the main thread. */
export interface RenderWorkerSetting {
  workers: number;
  /**
   * Set by RENDER_WORKERS, for every build. Left to the default, full builds render on the main thread
   * alone: on two cores at 100,000 series a worker made them no faster and took 0.9 GB more
   * (docs/performance.md), while a rebuild, mostly list pages, shares them out.
   */
  chosen: boolean;
}

/** RENDER_WORKERS, else one fewer than the cores (at most two), in incremental builds. */
export function renderWorkerSetting(env: Record<string, string | undefined>): RenderWorkerSetting {
  const chosen = env.RENDER_WORKERS?.trim();
  if (chosen) {
    const count = Number(chosen);
    if (!Number.isInteger(count) || count < 0) {
      throw new Error(
        `RENDER_WORKERS must be a whole number of workers (0 renders on the main thread only): "${chosen}"`,
      );
    }
    return { workers: count, chosen: true };
  }
  return { workers: Math.min(Math.max(availableParallelism() - 1, 0), 2), chosen: false };
}

/**
 * Pages the main thread keeps in flight. Astro writes each page once rendered, on libuv's threads: with two
 * in flight the main thread waited on writes between pages, and eight made the list pages render 7 % faster
 * on two cores (docs/performance.md).
 */
export const MAIN_THREAD_PAGES = 8;

/** Astro's `build.concurrency`: the pages each worker may hold, and the main thread's. */
export function pagesInFlight(setting: RenderWorkerSetting): number {
  return MAIN_THREAD_PAGES + PAGES_IN_HAND * setting.workers;
}

interface BuildApp {
  getOptions(): { settings: { scripts: { stage: string }[] } };
}

/** Astro's data of each page by its key, as the `astro:build:setup` hook hands it over. */
type PagesByKeys = ReadonlyMap<string, { styles: unknown }>;

export function renderWorkers(setting: RenderWorkerSetting): AstroIntegration {
  const { workers } = setting;
  let entry: string | undefined;
  let site = '';
  let pages: PagesByKeys | undefined;
  return {
    name: 'panelrank-render-workers',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'build' || workers < 1) return;
        site = config.site ?? 'http://localhost:4321';
        updateConfig({
          vite: {
            plugins: [
              {
                // Where the server bundle's entry was written: each worker loads it.
                name: 'panelrank-render-workers-entry',
                writeBundle(output, bundle) {
                  const file = Object.keys(bundle).find((name) => name.startsWith('prerender-entry'));
                  if (file && output.dir) entry = pathToFileURL(resolve(output.dir, file)).href;
                },
              },
            ],
          },
        });
      },
      // Each page's data, its styles among them (filled in while the bundle is built): a render reads them.
      'astro:build:setup': ({ pages: built, target }) => {
        if (target === 'server') pages = built;
      },
      'astro:build:start': ({ setPrerenderer, logger }) => {
        if (workers < 1) return;
        if (!setting.chosen && !buildPagesState()?.previous) {
          logger.info('Full build: pages render on the main thread (render workers take part in rebuilds)');
          return;
        }
        setPrerenderer((base) =>
          pooledPrerenderer(base, {
            workers,
            entry: () => entry,
            pages: () => pages,
            site,
            info: (message) => logger.info(message),
            warn: (message) => logger.warn(message),
          }),
        );
      },
    },
  };
}

/** Whether a worker may render the route's pages: every page but a series page (catalogueWithoutDetails). */
function rendersAnywhere(route: { type: string; component: string }): boolean {
  return route.type === 'page' && route.component !== SERIES_PAGE_ROUTE;
}

interface PoolOptions {
  workers: number;
  entry: () => string | undefined;
  pages: () => PagesByKeys | undefined;
  site: string;
  info(message: string): void;
  warn(message: string): void;
}

function pooledPrerenderer(base: AstroPrerenderer, options: PoolOptions): AstroPrerenderer {
  let pool: RenderPool | undefined;
  let renderedHere = 0;
  return {
    name: 'panelrank:render-workers',
    async setup() {
      await base.setup?.();
      const entry = options.entry();
      const pages = options.pages();
      const scripts = (base as AstroPrerenderer & { app?: BuildApp }).app?.getOptions().settings.scripts;
      const catalogue = prefetchedCatalogue();
      const why = !entry
        ? 'the server bundle was not found'
        : !pages || !scripts
          ? "Astro's build data did not reach the renderer"
          : scripts.some((script) => script.stage === 'page')
            ? 'a page script is injected (the workers do not resolve its bundle)'
            : !catalogue
              ? 'no catalogue was read'
              : !process.features.typescript
                ? 'this Node cannot run the worker (TypeScript)'
                : undefined;
      if (why) {
        options.warn(`Rendering on the main thread only: ${why}`);
        return;
      }
      const loaded = await catalogue!;
      const setup: WorkerSetup = {
        entry: entry!,
        internals: {
          pagesByKeys: new Map([...pages!].map(([key, page]) => [key, { styles: page.styles }])),
          entrySpecifierToBundleMap: new Map(),
        },
        scripts: scripts!,
        slots: { catalogue: PREFETCH_SLOT_KEY, pages: BUILD_PAGES_SLOT_KEY },
        // Without the series' details: the workers render every page but the series pages, in a third of
        // the memory (the main thread renders those).
        // Nor the details kept for the next build, which the main thread writes.
        catalogue: { source: loaded.source, snapshot: catalogueWithoutDetails(loaded.snapshot) },
        site: options.site,
      };
      pool = new RenderPool(
        options.workers,
        new URL('./render-worker.ts', import.meta.url),
        setup,
        options.warn,
      );
    },
    async getStaticPaths() {
      const paths = await base.getStaticPaths();
      return pool ? spreadForWorkers(paths, ({ route }) => rendersAnywhere(route)) : paths;
    },
    async render(request, renderOptions) {
      const { routeData } = renderOptions;
      const elsewhere = rendersAnywhere(routeData) ? pool?.render(request.url, routeData) : undefined;
      if (!elsewhere) {
        renderedHere += 1;
        return base.render(request, renderOptions);
      }
      const { response, pages } = await elsewhere;
      pagesRenderedElsewhere(pages);
      // A render's result rather than a Response: Astro takes either (see RenderedElsewhere).
      return { response: response as Response };
    },
    async teardown() {
      if (pool) {
        options.info(
          `${pool.rendered} pages rendered by ${options.workers} render worker${options.workers === 1 ? '' : 's'}, ` +
            `${renderedHere} on the main thread`,
        );
      }
      await pool?.close();
      await base.teardown?.();
    },
  };
}
