import { resultsForText } from '../../../contract/catalogue-values';
import { SITE_NAME } from '../../lib/site-config';
import type { SeriesType } from './catalogue-types';

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
