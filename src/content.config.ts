import { defineCollection } from 'astro:content';
import { catalogueLoaders } from './features/catalogue/catalogue-loader';

// The catalogue comes from the API (BUILD_API_URL, else PUBLIC_API_URL) or a snapshot (SNAPSHOT_FILE);
// see src/features/catalogue/catalogue-source.ts. `.env` values arrive through import.meta.env.
const loaders = catalogueLoaders({
  BUILD_API_URL: process.env.BUILD_API_URL ?? import.meta.env.BUILD_API_URL,
  PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? import.meta.env.PUBLIC_API_URL,
  SNAPSHOT_FILE: process.env.SNAPSHOT_FILE ?? import.meta.env.SNAPSHOT_FILE,
});

export const collections = {
  series: defineCollection({ loader: loaders.series }),
  rankings: defineCollection({ loader: loaders.rankings }),
};
