import type { BuildSourceEnv } from '../../lib/build-fetch';
import { loadBuildCatalogue, type LoadedCatalogue } from './catalogue-source';
import { readKeptDetails, writeKeptDetails, type KeptDetails } from './kept-details';

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

/** This build's read, for writing its details beside the output once the build is done. */
let started: Promise<LoadedCatalogue> | undefined;

/**
 * Starts reading the catalogue for this build (once); its failure is reported to whoever takes it. With
 * `previousDir`, the previous build's output, the details it kept are read again only where they changed.
 */
export function prefetchCatalogue(env: BuildSourceEnv, previousDir?: string): void {
  const slot = globalThis as Slot;
  if (slot[SLOT]) return;
  const startedAt = performance.now();
  // The build benchmark (scripts/bench/build-phases.ts) times the catalogue's phase by these two lines.
  console.log('[catalogue] Reading the catalogue …');
  const promise = keptDetails(previousDir)
    .then((kept) => loadBuildCatalogue(env, undefined, undefined, kept))
    .then((loaded) => {
      console.log(
        `[catalogue] Catalogue ready: ${loaded.snapshot.series.length} series in ` +
          `${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
      );
      return loaded;
    });
  // Never an unhandled rejection: a build that does not take it (none that renders pages) ignores it.
  promise.catch(() => undefined);
  slot[SLOT] = promise;
  started = promise;
}

async function keptDetails(previousDir: string | undefined): Promise<KeptDetails | undefined> {
  if (!previousDir) return undefined;
  const kept = await readKeptDetails(previousDir);
  if ('problem' in kept) {
    console.log(`[catalogue] Reading every detail: ${kept.problem}`);
    return undefined;
  }
  return kept;
}

/** Writes this build's details into its output for the next build (none when it read a snapshot file). */
export async function keepDetails(outputDir: string): Promise<void> {
  const loaded = await started;
  if (loaded?.details) await writeKeptDetails(outputDir, loaded.details);
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
