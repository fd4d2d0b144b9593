import { getCollection } from 'astro:content';
import {
  forumThreadSocialCard,
  seriesSocialCard,
  sharedListSocialCard,
  type SocialCard,
} from './social-card';

/**
 * Every social card the build draws (served under /social/). A page kind with cards adds its entries here,
 * made by the same function its page passes to BaseLayout.
 */
export async function socialCardsToBuild(): Promise<SocialCard[]> {
  const [series, threads] = await Promise.all([getCollection('series'), getCollection('forumThreads')]);
  return [
    sharedListSocialCard(),
    ...series.map((entry) => seriesSocialCard(entry.data)),
    ...threads.map((entry) => forumThreadSocialCard(entry.data.thread)),
  ];
}
