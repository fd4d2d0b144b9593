import type { BuildSourceEnv } from '../../lib/build-fetch';
import { loadBuildCatalogue, type LoadedCatalogue } from './catalogue-source';

/*
 * Astro calls every route's getStaticPaths before it writes its first page, and the series and ranking
 * routes need the whole catalogue: with 100,000 series, reading it then kept the first page back by a
 * minute or more. `astro build` therefore starts the read when its configuration is set up
 * (panelrankCataloguePrefetch in astro.config.mjs), so it runs while Astro syncs the forum and bundles;
 * build-catalogue.ts takes the result. Config and pages run in one process but in different module
 * graphs, so the read in flight is handed over through a global slot.
 */

/** The slot's key (Symbol.for): a render worker fills its own with the catalogue its parent read. */
export const PREFETCH_SLOT_KEY = 'panelrank.catalogue-prefetch';
const SLOT = Symbol.for(PREFETCH_SLOT_KEY);
type Slot = { [SLOT]?: Promise<LoadedCatalogue> };

/** Starts reading the catalogue for this build (once); its failure is reported to whoever takes it. */
export function prefetchCatalogue(env: BuildSourceEnv): void {
  const slot = globalThis as Slot;
  if (slot[SLOT]) return;
  const started = performance.now();
  // The build benchmark (scripts/bench/build-phases.ts) times the catalogue's phase by these two lines.
  console.log('[catalogue] Reading the catalogue …');
  const promise = loadBuildCatalogue(env).then((loaded) => {
    console.log(
      `[catalogue] Catalogue ready: ${loaded.snapshot.series.length} series in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return loaded;
  });
  // Never an unhandled rejection: a build that does not take it (none that renders pages) ignores it.
  promise.catch(() => undefined);
  slot[SLOT] = promise;
}

/**
 * The catalogue read started by prefetchCatalogue, left in place for build-catalogue.ts: the build's render
 * workers (src/features/render-workers) are handed a copy of it.
 */
export function prefetchedCatalogue(): Promise<LoadedCatalogue> | undefined {
  return (globalThis as Slot)[SLOT];
}

/** The catalogue read started by prefetchCatalogue, once; undefined when none was started. */
export function takePrefetchedCatalogue(): Promise<LoadedCatalogue> | undefined {
  const slot = globalThis as Slot;
  const promise = slot[SLOT];
  delete slot[SLOT];
  return promise;
}
