import type { BuildSourceEnv } from './build-fetch';

/**
 * Where the build reads the API or snapshot it pre-renders from (see build-fetch.ts). `process.env` first
 * (the scripts and tests set it), else `.env` through import.meta.env; one object, so every page and
 * loader agrees.
 */
export const buildSourceEnv: BuildSourceEnv = {
  BUILD_API_URL: process.env.BUILD_API_URL ?? import.meta.env.BUILD_API_URL,
  PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? import.meta.env.PUBLIC_API_URL,
  SNAPSHOT_FILE: process.env.SNAPSHOT_FILE ?? import.meta.env.SNAPSHOT_FILE,
};
