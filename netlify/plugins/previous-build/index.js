import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * Keeps the site's previous output in Netlify's build cache, so the next build renders only the pages whose
 * inputs changed (docs/features/incremental-build.md): before the build it is restored and handed to
 * `astro build` as PREVIOUS_SITE_DIST; after the build the new output is saved for the next one. Without a
 * cached output (the first deploy, a cleared cache) the build is a full one. Astro's cache folder is kept
 * too: its content store holds the forum threads as the last build rendered them (src/features/forum/forum-build.ts).
 */

const PUBLISH_DIR = 'dist';
const PREVIOUS = '.previous-site';
const ASTRO_CACHE = process.env.ASTRO_CACHE_DIR || 'node_modules/.astro';
/** What a build leaves for the next one: its pages' fingerprints and the series details it read. */
const FOR_NEXT_BUILD = ['.build-manifest.json', '.build-details.json'];

export const onPreBuild = async ({ utils, netlifyConfig }) => {
  await rm(PREVIOUS, { recursive: true, force: true });
  await utils.cache.restore(ASTRO_CACHE);
  if (!(await utils.cache.restore(PUBLISH_DIR))) {
    console.log('No previous output in the build cache: a full build.');
    return;
  }
  // `astro build` empties its output folder first: the previous output moves out of its way.
  await rename(PUBLISH_DIR, PREVIOUS);
  netlifyConfig.build.environment.PREVIOUS_SITE_DIST = PREVIOUS;
  console.log(`Previous output restored from the build cache into ${PREVIOUS}.`);
};

export const onPostBuild = async ({ utils }) => {
  await Promise.all([utils.cache.save(PUBLISH_DIR), utils.cache.save(ASTRO_CACHE)]);
  // They are for the next build, not for visitors.
  await Promise.all(FOR_NEXT_BUILD.map((file) => rm(join(PUBLISH_DIR, file), { force: true })));
  await rm(PREVIOUS, { recursive: true, force: true });
};
