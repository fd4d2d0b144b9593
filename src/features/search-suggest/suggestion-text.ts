import { matchedTitleText, seeAllResultsText } from '../../../contract/catalogue-values';
import type { Suggestion } from '../../../contract/catalogue';
import { rankDescription, rankLabel } from '../catalogue/series-format';
import { searchHref } from '../navigation/search-href';

/** What one suggestion shows, and the whole of it as a screen reader reads the option. */
export interface SuggestionText {
  title: string;
  /** "MANHWA". */
  type: string;
  /** "#3", or "–" when unranked. */
  rank: string;
  /** "Also known as {title}" when an alternative title matched, else null. */
  matched: string | null;
  /** "Solo Leveling, MANHWA, Rank 3, Also known as Na Honjaman Level Up". */
  label: string;
}

export function suggestionText(suggestion: Suggestion): SuggestionText {
  const matched = suggestion.matched_title ? matchedTitleText(suggestion.matched_title) : null;
  const rank = rankDescription(suggestion.rank);
  return {
    title: suggestion.title,
    type: suggestion.type,
    rank: rankLabel(suggestion.rank),
    matched,
    label: [suggestion.title, suggestion.type, rank, matched].filter(Boolean).join(', '),
  };
}

/** Where a suggestion leads. */
export function suggestionHref(suggestion: Pick<Suggestion, 'id'>): string {
  return `/series/${suggestion.id}`;
}

/** The last option: "See all results for “{term}”", to the results page. */
export function seeAllOption(term: string): { text: string; href: string } {
  const trimmed = term.trim();
  return { text: seeAllResultsText(trimmed), href: searchHref(trimmed) ?? '/' };
}
