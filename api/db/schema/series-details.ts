import { relations, sql } from 'drizzle-orm';
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

export const seriesDetailsRelations = relations(seriesDetails, ({ one }) => ({
  series: one(series, { fields: [seriesDetails.seriesId], references: [series.id] }),
}));

export type SeriesDetails = typeof seriesDetails.$inferSelect;
