import { EXTERNAL_SITES } from '../../../contract/catalogue-values';
import type { RankedSeries } from '../catalogue/catalogue-types';

export interface ExternalLink {
  /** The site's name, as the "Also on" links show it. */
  site: string;
  url: string;
}

/** The same work on other sites, in a fixed order (MyAnimeList, AniList, MangaUpdates); ids unset are left out. */
export function externalLinks(
  series: Pick<RankedSeries, 'mal_id' | 'anilist_id' | 'mangaupdates_id'>,
): ExternalLink[] {
  return EXTERNAL_SITES.flatMap(({ field, name, url }) => {
    const id = series[field];
    return id === null || id === undefined ? [] : [{ site: name, url: url(id) }];
  });
}
