import { defineCollection } from 'astro:content';
import { forumThreadsLoader } from './features/forum/forum-build';
import { buildSourceEnv } from './lib/build-source-env';

// Forum threads come from the API the build reads (none from a snapshot); see lib/build-source-env.ts.
// The catalogue is no collection: it is read once per build by features/catalogue/build-catalogue.ts
// (the content layer's store cost minutes and gigabytes at 100,000 series).
export const collections = {
  forumThreads: defineCollection({ loader: forumThreadsLoader(buildSourceEnv) }),
};
