import { DISCOVERY_TEXT, resultsForText, TRENDING_DAYS } from '../../../contract/catalogue-values';
import { SITE_NAME } from '../../lib/site-config';
import type { BrowseList } from './browse-lists';
import type { SeriesType, TypeFilter } from './catalogue-types';

/** Titles and descriptions of the ranked lists, shared by each list's first page and its later pages. */

export interface ListCopy {
  title: string;
  heading: string;
  description: string;
}

export const HOME_LIST: ListCopy = {
  title: `${SITE_NAME}: community rankings for manhwa, manga and manhua`,
  heading: 'Top ranked series',
  description:
    'The community ranking of manhwa, manga and manhua. Readers score every series in five categories; browse the top titles, filter by genre, search and compare.',
};

export function typeListCopy(type: SeriesType): ListCopy {
  const lower = type.toLowerCase();
  const plural = type.charAt(0) + lower.slice(1);
  return {
    title: `Top ranked ${lower}`,
    heading: `Top ranked ${plural}`,
    description: `The community ranking of ${lower}: every series scored by readers in five categories. Browse the top ${lower}, filter by genre and compare.`,
  };
}

/** "manhwa, manga and manhua", or one type's lowercase plural. */
function seriesWord(type: TypeFilter): string {
  return type === 'ALL' ? 'series' : type.toLowerCase();
}

/** The copy of any pre-rendered list: the ranked ones, a genre's, the most popular and the trending. */
export function browseListCopy(list: BrowseList): ListCopy {
  switch (list.kind) {
    case 'ranked':
      return list.type === 'ALL' ? HOME_LIST : typeListCopy(list.type);
    case 'genre': {
      const word = seriesWord(list.type);
      return {
        title: `Top ranked ${list.genre} ${word}`,
        heading: `Top ranked ${list.genre} ${word}`,
        description: `The community ranking of ${list.genre} ${word === 'series' ? 'manhwa, manga and manhua' : word}, by final score: every series scored by readers in five categories.`,
      };
    }
    case 'popular':
      return {
        title: `${DISCOVERY_TEXT.popularTitle} manhwa, manga and manhua`,
        heading: `${DISCOVERY_TEXT.popularTitle} series`,
        description:
          'The manhwa, manga and manhua the most readers have scored, most voters first, with each series’ rank by final score.',
      };
    case 'trending':
      return {
        title: `${DISCOVERY_TEXT.trendingTitle} manhwa, manga and manhua`,
        heading: `${DISCOVERY_TEXT.trendingTitle} series`,
        description: `The manhwa, manga and manhua the most readers scored in the last ${TRENDING_DAYS} days, with each series’ rank by final score.`,
      };
  }
}

/** The heading of a search's results: "Results for “{term}”", with their count once they are there. */
export function searchResultsHeading(
  term: string,
  count: number | undefined,
): { title: string; count: string | undefined } {
  return {
    title: resultsForText(term),
    count: count === undefined ? undefined : `${count} ${count === 1 ? 'result' : 'results'}`,
  };
}
