import { defineCollection } from 'astro:content';
import { catalogueLoaders } from './features/catalogue/catalogue-loader';
import { forumThreadsLoader } from './features/forum/forum-build';
import { buildSourceEnv } from './lib/build-source-env';

// The catalogue comes from the API (BUILD_API_URL, else PUBLIC_API_URL) or a snapshot (SNAPSHOT_FILE);
// see src/features/catalogue/catalogue-source.ts. Forum threads come from the same API (none from a
// snapshot); see lib/build-source-env.ts.
const loaders = catalogueLoaders(buildSourceEnv);

export const collections = {
  series: defineCollection({ loader: loaders.series }),
  rankings: defineCollection({ loader: loaders.rankings }),
  forumThreads: defineCollection({ loader: forumThreadsLoader(buildSourceEnv) }),
};
