/*
 * The catalogue's values: types, statuses, vote categories, limits and texts. Imports nothing, so browser
 * code can use them without pulling zod into its bundle; the schemas are in ./catalogue.ts, which
 * re-exports all of this.
 */

export const SERIES_TYPES = ['MANHWA', 'MANGA', 'MANHUA'] as const;
export const SERIES_STATUSES = ['ONGOING', 'COMPLETE', 'HIATUS', 'UNKNOWN', 'SEASON_END'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/**
 * The five vote categories: the stored name, the label clients show and send, and the stem of the
 * SeriesDetail fields (`story_total`, `story_count`, ...).
 */
export const VOTE_CATEGORIES = [
  { category: 'STORY', label: 'Story', field: 'story' },
  { category: 'CHARACTERS', label: 'Characters', field: 'characters' },
  { category: 'WORLD_BUILDING', label: 'World Building', field: 'worldbuilding' },
  { category: 'ART', label: 'Art', field: 'art' },
  { category: 'DRAMA_OR_FIGHT', label: 'Drama / Fighting', field: 'drama_or_fight' },
] as const;
export type VoteCategory = (typeof VOTE_CATEGORIES)[number]['category'];
export type VoteCategoryLabel = (typeof VOTE_CATEGORIES)[number]['label'];
export type VoteCategoryField = (typeof VOTE_CATEGORIES)[number]['field'];
export const VOTE_CATEGORY_NAMES = VOTE_CATEGORIES.map((c) => c.category) as [
  VoteCategory,
  ...VoteCategory[],
];
export const CATEGORY_LABELS = VOTE_CATEGORIES.map((c) => c.label) as [
  VoteCategoryLabel,
  ...VoteCategoryLabel[],
];

/** Limits of the catalogue calls. */
export const RANKING_PAGE_SIZE = 25;
export const RANKING_MAX_PAGE_SIZE = 100;
export const SEARCH_MAX_RESULTS = 50;
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** The bulk call the build reads the catalogue with. */
export const CATALOGUE_MAX_PAGE_SIZE = 1000;
/** Series ids one read of GET /series/catalogue may name: 500 ids of 7 digits keep the address near 4 KB. */
export const CATALOGUE_IDS_MAX = 500;
/** Versions per page of GET /series/catalogue-versions. */
export const CATALOGUE_VERSIONS_MAX_PAGE_SIZE = 10_000;
export const MIN_SCORE = 1;
export const MAX_SCORE = 10;
export const BALLOT_SCORE = `must be a whole number from ${MIN_SCORE} to ${MAX_SCORE}`;

export const SERIES_NOT_FOUND = 'Series not found';
/** The code of SERIES_NOT_FOUND, wherever a series id names none (catalogue, voting, reading lists). */
export const SERIES_NOT_FOUND_CODE = 'SERIES_NOT_FOUND';
export const QUERY_REQUIRED = 'Query is required';
export const INVALID_VOTE = 'Invalid vote';
export const ALREADY_VOTED = 'You already voted on this category';
export const VOTES_VOIDED = 'Your votes on this series were removed by a moderator.';
export const BALLOT_EMPTY = 'Choose a score in at least one category';
export const COVER_RATIO_MESSAGE = 'Please upload an image with a 2:3 portrait ratio (e.g. 200x300).';
export const DETAIL_COVER_TOO_LARGE = 'Cover image must be less than 800KB';
export const INVALID_IMAGE = 'Invalid image file.';
/** Images larger than this on a side are refused from their header, before any decoding. */
export const IMAGE_MAX_SIDE = 4096;
export const IMAGE_TOO_LARGE = `Image dimensions too large (max ${IMAGE_MAX_SIDE}×${IMAGE_MAX_SIDE}).`;
/** Covers are 2:3 portraits: width / height from 0.6 to 0.7. */
export const COVER_MIN_RATIO = 0.6;
export const COVER_MAX_RATIO = 0.7;
/** A detail cover must be under 800 KB: at most 800 * 1024 - 1 bytes. */
export const DETAIL_COVER_MAX_BYTES = 800 * 1024 - 1;
/** Bounds a series cover's bytes, and with them memory and the work of re-encoding. */
export const SERIES_COVER_MAX_BYTES = 5 * 1024 * 1024;
export const SERIES_COVER_TOO_LARGE = 'Cover image must be less than 5MB';
/**
 * A series' published chapter and volume counts: whole numbers in this range, or none (unknown). Admins
 * keep them; readers' progress may pass them, since counts are often behind the releases.
 */
export const SERIES_COUNT_FIELDS = ['chapters', 'volumes'] as const;
export type SeriesCountField = (typeof SERIES_COUNT_FIELDS)[number];
export const MIN_SERIES_COUNT = 1;
export const MAX_SERIES_COUNT = 100_000;
export const SERIES_COUNT_MESSAGE = `must be a whole number from ${MIN_SERIES_COUNT} to ${MAX_SERIES_COUNT}, or empty`;
/* How the site names and explains the counts: ./series-count-values.ts. */

/**
 * Alternative titles: the other names a series is known by (English, romanized, native script). At most
 * this many per series, each 1-200 characters after trimming; duplicates (ignoring case) are stored once.
 */
export const ALT_TITLES_MAX = 20;
export const ALT_TITLE_MAX_LENGTH = 200;
export const ALT_TITLES_TOO_MANY = `At most ${ALT_TITLES_MAX} alternative titles.`;
export const ALT_TITLE_TOO_LONG = `Each alternative title must be at most ${ALT_TITLE_MAX_LENGTH} characters.`;

/* Discovery: suggestions, orders and filters of the ranked lists, genre pages. */

/** Suggestions start at this many characters of the term; at most SUGGEST_MAX_RESULTS are answered. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_MAX_RESULTS = 8;
export const SUGGEST_TOO_SHORT = `Type at least ${SUGGEST_MIN_CHARS} characters.`;

/**
 * The orders of the ranked lists: final score (the default), distinct voters, distinct voters of the last
 * TRENDING_DAYS days, date added, title. Whatever the order, a series' `rank` stays its rank by final score.
 */
export const RANKING_SORTS = ['score', 'popular', 'trending', 'newest', 'title'] as const;
export type RankingSort = (typeof RANKING_SORTS)[number];
export const DEFAULT_RANKING_SORT: RankingSort = 'score';
export const RANKING_SORT_LABELS: Record<RankingSort, string> = {
  score: 'Top rated',
  popular: 'Most popular',
  trending: 'Trending',
  newest: 'Newest',
  title: 'Title A–Z',
};
export const TRENDING_DAYS = 7;
/** Most genres one `genre=` or `not=` names. */
export const GENRE_FILTER_MAX = 20;

/**
 * A genre's slug in addresses (`/genre/{slug}`): lower case, accents dropped, every run of other characters
 * one hyphen ("Slice of Life" → "slice-of-life"). Stable while the genre's name is.
 */
export function genreSlug(genre: string): string {
  return genre
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What the discovery screens say, verbatim where the product says so. */
export const DISCOVERY_TEXT = {
  alsoKnownAs: 'Also known as',
  popularTitle: 'Most popular',
  trendingTitle: 'Trending',
  /** The browse controls of the ranked lists. */
  browseLabel: 'Order and filters',
  sortLabel: 'Order',
  statusLabel: 'Status',
  anyStatus: 'Any status',
  genresLabel: 'Genres',
  genreAny: 'Any',
  genreInclude: 'Include',
  genreExclude: 'Exclude',
  clearFilters: 'Clear filters',
  /** The links to every genre page under a ranked list. */
  genrePagesLabel: 'Browse by genre',
} as const;
/** The results page's heading: Results for “{term}”. */
export function resultsForText(term: string): string {
  return `Results for “${term}”`;
}
/** The suggestions' last option: See all results for “{term}”. */
export function seeAllResultsText(term: string): string {
  return `See all results for “${term}”`;
}
/** The Add and Edit series modals' alternative titles field. */
export const ALT_TITLES_LABEL = 'Alternative titles';
export const ALT_TITLES_HINT = `One per line: English, romanized or native script; at most ${ALT_TITLES_MAX}`;
/** What the header's suggestions say: the live region's count, a failure, and a result's matched title. */
export function suggestionCountText(count: number): string {
  if (count === 0) return 'No suggestions';
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'}, use the up and down arrows to choose`;
}
/** The suggestions listbox's name. */
export const SUGGESTIONS_LABEL = 'Suggestions';
export const SUGGEST_FAILED = 'Suggestions could not be loaded; press Enter to search.';
/** A result or suggestion found by one of its other titles: “Also known as {title}”. */
export function matchedTitleText(title: string): string {
  return `${DISCOVERY_TEXT.alsoKnownAs} ${title}`;
}

/** Longest accepted text per series field. */
export const SERIES_TEXT_LIMITS = { title: 200, genre: 200, author: 120, artist: 120 } as const;
export const SYNOPSIS_MAX_LENGTH = 10_000;

/**
 * The other sites a series can be linked to: the id field a series carries, the site's name as pages and
 * error texts give it, and the address of the work there.
 */
export const EXTERNAL_SITES = [
  {
    field: 'mal_id',
    name: 'MyAnimeList',
    url: (id: number | string) => `https://myanimelist.net/manga/${id}`,
  },
  { field: 'anilist_id', name: 'AniList', url: (id: number | string) => `https://anilist.co/manga/${id}` },
  {
    field: 'mangaupdates_id',
    name: 'MangaUpdates',
    url: (id: number | string) => `https://www.mangaupdates.com/series/${id}`,
  },
] as const;
export type ExternalIdField = (typeof EXTERNAL_SITES)[number]['field'];

/** A MangaUpdates id: 1 to 20 lower-case letters or digits (MyAnimeList and AniList ids are integers). */
export const MANGAUPDATES_ID_PATTERN = /^[a-z0-9]{1,20}$/;
export const MANGAUPDATES_ID_MESSAGE = 'must be 1 to 20 lower-case letters or digits';

/** The 409 of an admin write giving a series an external id another series already has. */
export const EXTERNAL_ID_TAKEN: Record<ExternalIdField, string> = {
  mal_id: 'Another series already has this MyAnimeList id.',
  anilist_id: 'Another series already has this AniList id.',
  mangaupdates_id: 'Another series already has this MangaUpdates id.',
};
export const EXTERNAL_ID_TAKEN_CODE = 'EXTERNAL_ID_TAKEN';
