import { VOTE_CATEGORIES, type VoteCategory, type VoteCategoryLabel } from '../../../contract/catalogue';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { series } from './series';

/** How many votes each score 1-10 received in a category; index 0 counts the 1s. */
const scoreDistribution = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{0,0,0,0,0,0,0,0,0,0}'`);

/**
 * One row per series, created with it: the synopsis and detail cover an admin edits, and the per-category
 * vote totals, counts and score distributions that votes keep current, so no read ever scans the votes.
 */
export const seriesDetails = pgTable('series_details', {
  seriesId: integer('series_id')
    .primaryKey()
    .references(() => series.id, { onDelete: 'cascade' }),
  synopsis: text('synopsis').notNull().default(''),
  coverKey: text('cover_key'),
  storyTotal: integer('story_total').notNull().default(0),
  storyCount: integer('story_count').notNull().default(0),
  storyDistribution: scoreDistribution('story_distribution'),
  charactersTotal: integer('characters_total').notNull().default(0),
  charactersCount: integer('characters_count').notNull().default(0),
  charactersDistribution: scoreDistribution('characters_distribution'),
  worldbuildingTotal: integer('worldbuilding_total').notNull().default(0),
  worldbuildingCount: integer('worldbuilding_count').notNull().default(0),
  worldbuildingDistribution: scoreDistribution('worldbuilding_distribution'),
  artTotal: integer('art_total').notNull().default(0),
  artCount: integer('art_count').notNull().default(0),
  artDistribution: scoreDistribution('art_distribution'),
  dramaOrFightTotal: integer('drama_or_fight_total').notNull().default(0),
  dramaOrFightCount: integer('drama_or_fight_count').notNull().default(0),
  dramaOrFightDistribution: scoreDistribution('drama_or_fight_distribution'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SeriesDetails = typeof seriesDetails.$inferSelect;

type DetailColumn = keyof typeof seriesDetails.$inferSelect;

/** Where each category's running sum, count and score distribution live on series_details. */
const DETAIL_COLUMNS = {
  STORY: { total: 'storyTotal', count: 'storyCount', distribution: 'storyDistribution' },
  CHARACTERS: {
    total: 'charactersTotal',
    count: 'charactersCount',
    distribution: 'charactersDistribution',
  },
  WORLD_BUILDING: {
    total: 'worldbuildingTotal',
    count: 'worldbuildingCount',
    distribution: 'worldbuildingDistribution',
  },
  ART: { total: 'artTotal', count: 'artCount', distribution: 'artDistribution' },
  DRAMA_OR_FIGHT: {
    total: 'dramaOrFightTotal',
    count: 'dramaOrFightCount',
    distribution: 'dramaOrFightDistribution',
  },
} as const satisfies Record<
  VoteCategory,
  { total: DetailColumn; count: DetailColumn; distribution: DetailColumn }
>;

/** One category of the contract with its series_details columns. */
type CategoryWithColumns = {
  [C in VoteCategory]: Extract<(typeof VOTE_CATEGORIES)[number], { category: C }> &
    (typeof DETAIL_COLUMNS)[C];
}[VoteCategory];

/**
 * The contract's five vote categories with their series_details columns. Voting and the detail responses
 * both read this table.
 */
export const VOTE_CATEGORY_FIELDS: readonly CategoryWithColumns[] = VOTE_CATEGORIES.map(
  (c) => ({ ...c, ...DETAIL_COLUMNS[c.category] }) as CategoryWithColumns,
);

export function categoryLabel(category: VoteCategory): VoteCategoryLabel {
  return VOTE_CATEGORY_FIELDS.find((c) => c.category === category)!.label;
}

/** The per-category running sums and counts kept on series_details. */
export type CategoryTotals = Pick<
  SeriesDetails,
  (typeof VOTE_CATEGORY_FIELDS)[number]['total'] | (typeof VOTE_CATEGORY_FIELDS)[number]['count']
>;

/** The per-category score distributions kept on series_details (10 counts each, index 0 for score 1). */
export type CategoryDistributions = Pick<
  SeriesDetails,
  (typeof VOTE_CATEGORY_FIELDS)[number]['distribution']
>;
