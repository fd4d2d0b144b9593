import { LIST_TEXT, READING_LIST_ERROR_CODES } from '../../../contract/reading-lists-values';
import { errorDetail, errorStatus } from '../../lib/api-client';

/**
 * What a failed list call shows: the API's own text where it explains the refusal (a taken name, a full or
 * missing list), LIST_TEXT.limitReached for the 2-list cap, else the given fallback.
 */
export function listFailureMessage(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  const code = (error as { data?: { code?: unknown } } | undefined)?.data?.code;
  if (code === READING_LIST_ERROR_CODES.limit) return LIST_TEXT.limitReached;
  if (status === 400 || status === 404 || status === 409 || status === 422)
    return errorDetail(error, fallback);
  return fallback;
}

/** Labels of the sorts, in the order the dropdowns offer them. */
export const SORT_LABELS = {
  default_asc: 'Default order',
  default_desc: 'Default order, newest first',
  rank_asc: 'Rank: best first',
  rank_desc: 'Rank: lowest first',
  stars_desc: 'Stars: highest first',
  stars_asc: 'Stars: lowest first',
  votes_desc: 'Votes: most first',
  votes_asc: 'Votes: fewest first',
  title_asc: 'Title A–Z',
  title_desc: 'Title Z–A',
} as const;
