import type { Loader, LoaderContext } from 'astro/loaders';
import type { RankingKey, SeriesPageData } from './catalogue-types';
import { paginateRanking, rankingPageId } from './ranking-pages';
import { rankingPageSchema, seriesPageDataSchema } from './catalogue-schema';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './catalogue-schema';
import type { BuildSourceEnv } from '../../lib/build-fetch';
import { CatalogueUnavailableError, loadBuildCatalogue, type LoadedCatalogue } from './catalogue-source';

/**
 * Content-layer loaders for the catalogue: `series` (one entry per series, id = series id, with its
 * detail) and `rankings` (every page of 25 of the overall and of each type's ranked list, id = `ALL/1`,
 * `MANHWA/2`, ...). Both read one fetch of the catalogue, made by whichever loader runs first.
 */

// How long one fetch serves both collections. Long enough for one sync, short enough that a dev-server
// content reload fetches again.
const SHARED_FETCH_MS = 60_000;

let shared: { promise: Promise<LoadedCatalogue>; at: number } | undefined;

/**
 * `astro check` and `astro sync` also run the loaders, only to generate types; they must work with no API
 * and no snapshot (lint and type-check in CI), so there a missing catalogue is an empty one.
 */
function onlyGeneratingTypes(): boolean {
  const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  return command === 'check' || command === 'sync';
}

async function loadCatalogue(env: BuildSourceEnv, context: LoaderContext): Promise<LoadedCatalogue> {
  try {
    return await loadBuildCatalogue(env, context.logger);
  } catch (error) {
    if (!(error instanceof CatalogueUnavailableError) || !onlyGeneratingTypes()) throw error;
    context.logger.warn(
      'No catalogue source (API or snapshot); the catalogue collections are empty for type generation.',
    );
    const empty = { ALL: [], MANHWA: [], MANGA: [], MANHUA: [] };
    return {
      source: 'none',
      snapshot: {
        format: SNAPSHOT_FORMAT,
        version: SNAPSHOT_VERSION,
        generated_at: new Date().toISOString(),
        api_url: '',
        series: [],
        rankings: empty,
      },
    };
  }
}

function loadOnce(env: BuildSourceEnv, context: LoaderContext): Promise<LoadedCatalogue> {
  if (!shared || Date.now() - shared.at > SHARED_FETCH_MS) {
    const promise = loadCatalogue(env, context);
    shared = { promise, at: Date.now() };
    // A failure must not be served to the next attempt.
    promise.catch(() => (shared = undefined));
  }
  return shared.promise;
}

async function replaceEntries(
  context: LoaderContext,
  entries: Array<{ id: string; data: Record<string, unknown> }>,
): Promise<void> {
  context.store.clear();
  for (const { id, data } of entries) {
    const parsed = await context.parseData({ id, data });
    context.store.set({ id, data: parsed, digest: context.generateDigest(parsed) });
  }
}

export function catalogueLoaders(env: BuildSourceEnv): { series: Loader; rankings: Loader } {
  return {
    series: {
      name: 'panelrank-catalogue-series',
      schema: seriesPageDataSchema,
      async load(context) {
        const { snapshot } = await loadOnce(env, context);
        await replaceEntries(
          context,
          snapshot.series.map((data) => ({ id: String(data.series.id), data: { ...data } })),
        );
      },
    },
    rankings: {
      name: 'panelrank-catalogue-rankings',
      schema: rankingPageSchema,
      async load(context) {
        const { snapshot } = await loadOnce(env, context);
        const seriesById = new Map<number, SeriesPageData>(
          snapshot.series.map((data) => [data.series.id, data]),
        );
        const pages = (Object.keys(snapshot.rankings) as RankingKey[]).flatMap((key) =>
          paginateRanking(key, snapshot.rankings[key], seriesById),
        );
        await replaceEntries(
          context,
          pages.map((page) => ({ id: rankingPageId(page.key, page.page), data: { ...page } })),
        );
      },
    },
  };
}
