import { defineCollection } from 'astro:content';
import { catalogueLoaders } from './features/catalogue/catalogue-loader';
import { forumThreadsLoader } from './features/forum/forum-build';

// The catalogue comes from the API (BUILD_API_URL, else PUBLIC_API_URL) or a snapshot (SNAPSHOT_FILE);
// see src/features/catalogue/catalogue-source.ts. Forum threads come from the same API (none from a
// snapshot). `.env` values arrive through import.meta.env.
const env = {
  BUILD_API_URL: process.env.BUILD_API_URL ?? import.meta.env.BUILD_API_URL,
  PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? import.meta.env.PUBLIC_API_URL,
  SNAPSHOT_FILE: process.env.SNAPSHOT_FILE ?? import.meta.env.SNAPSHOT_FILE,
};
const loaders = catalogueLoaders(env);

export const collections = {
  series: defineCollection({ loader: loaders.series }),
  rankings: defineCollection({ loader: loaders.rankings }),
  forumThreads: defineCollection({ loader: forumThreadsLoader(env) }),
};
