import { getCollection } from 'astro:content';
import { seriesSocialCard, type SocialCard } from './social-card';

/**
 * Every social card the build draws (served under /social/). A page kind with cards adds its entries here,
 * made by the same function its page passes to BaseLayout, e.g. forum threads:
 *   ...(await getCollection('forumThreads')).map((entry) => forumThreadSocialCard(entry.data))
 */
export async function socialCardsToBuild(): Promise<SocialCard[]> {
  const series = await getCollection('series');
  return [...series.map((entry) => seriesSocialCard(entry.data))];
}
