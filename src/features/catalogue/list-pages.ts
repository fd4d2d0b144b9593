import { getCollection } from 'astro:content';
import type { RankingKey } from './catalogue-types';

/** Props of the pages after the first of a ranked list (`/page/2`, `/type/manga/page/3`). */
export interface ListPageProps {
  page: number;
}

/** The pages after the first of one ranked list, for getStaticPaths; page 1 is the list's own route. */
export async function laterListPages(key: RankingKey): Promise<{ page: number }[]> {
  const pages = await getCollection('rankings', (entry) => entry.data.key === key && entry.data.page > 1);
  return pages.map((entry) => ({ page: entry.data.page }));
}
