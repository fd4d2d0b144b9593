import { VOTE_CATEGORY_FIELDS, type VoteCategory } from '../db/schema';
import { MAX_SCORE, MIN_SCORE } from '../../contract/catalogue';

export { MAX_SCORE, MIN_SCORE };

/**
 * Every spelling of a category a client may send, lower-cased: the label the site shows ("Drama /
 * Fighting"), the stored name (DRAMA_OR_FIGHT) and the API field stem (drama_or_fight).
 */
const CATEGORY_BY_NAME = new Map<string, VoteCategory>(
  VOTE_CATEGORY_FIELDS.flatMap(({ category, label, field }) =>
    [label, category, field].map((name) => [name.toLowerCase(), category] as const),
  ),
);

export function parseVoteCategory(value: unknown): VoteCategory | undefined {
  if (typeof value !== 'string') return undefined;
  return CATEGORY_BY_NAME.get(value.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** An integer 1-10, given as a JSON number or as the decimal digits of a form field; else undefined. */
export function parseVoteScore(value: unknown): number | undefined {
  const score =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(score) && score >= MIN_SCORE && score <= MAX_SCORE ? score : undefined;
}

/** The category and score of a vote body (form or JSON), or undefined when either is missing or invalid. */
export function parseVoteBody(body: unknown): { category: VoteCategory; score: number } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { category, score } = body as Record<string, unknown>;
  const parsedCategory = parseVoteCategory(category);
  const parsedScore = parseVoteScore(score);
  return parsedCategory && parsedScore !== undefined
    ? { category: parsedCategory, score: parsedScore }
    : undefined;
}
