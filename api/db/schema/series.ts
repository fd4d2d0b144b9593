import { sql, type SQL } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MAX_SERIES_COUNT, MIN_SERIES_COUNT } from '../../../contract/catalogue-values';
import { seriesStatusEnum, seriesTypeEnum } from './enums';

const COUNT_RANGE = `${MIN_SERIES_COUNT} and ${MAX_SERIES_COUNT}`;

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Comma-separated genres, as entered. */
    genre: text('genre').notNull(),
    type: seriesTypeEnum('type').notNull(),
    status: seriesStatusEnum('status'),
    author: text('author').notNull().default(''),
    artist: text('artist').notNull().default(''),
    /** Storage key of the cover; its sized variants share the key's stem. */
    coverKey: text('cover_key'),
    /** Distinct users who voted in any category; maintained with every vote. */
    voterCount: integer('voter_count').notNull().default(0),
    /**
     * The same work's ids on MyAnimeList, AniList and MangaUpdates; each names at most one series. Imports
     * from MyAnimeList match on `mal_id` first.
     */
    malId: integer('mal_id'),
    anilistId: integer('anilist_id'),
    mangaupdatesId: text('mangaupdates_id'),
    /** Chapters and volumes published, MIN_SERIES_COUNT..MAX_SERIES_COUNT (checked); null when unknown. */
    chapters: integer('chapters'),
    volumes: integer('volumes'),
    /**
     * The other names the series is known by (English, romanized, native script), as entered: at most
     * ALT_TITLES_MAX, no two equal ignoring case.
     */
    altTitles: text('alt_titles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The names search compares, as search keys (lower case, accents and punctuation dropped: migration
     * 0019's search_key()): the title, each alternative title, the author, the artist, in that order.
     */
    nameKeys: text('name_keys')
      .array()
      .generatedAlwaysAs(
        (): SQL =>
          sql`search_keys(array[${series.title}] || ${series.altTitles} || array[${series.author}, ${series.artist}])`,
      ),
    /** Every name key in one text, trigram-indexed: what a search's candidates are found by. */
    searchKey: text('search_key').generatedAlwaysAs(
      (): SQL =>
        sql`search_keys_text(array[${series.title}] || ${series.altTitles} || array[${series.author}, ${series.artist}])`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('series_search_key_trgm_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    uniqueIndex('series_mal_id_key').on(t.malId),
    uniqueIndex('series_anilist_id_key').on(t.anilistId),
    uniqueIndex('series_mangaupdates_id_key').on(t.mangaupdatesId),
    check('series_mal_id_positive', sql`${t.malId} > 0`),
    check('series_anilist_id_positive', sql`${t.anilistId} > 0`),
    check('series_mangaupdates_id_format', sql`${t.mangaupdatesId} ~ '^[a-z0-9]{1,20}$'`),
    check('series_chapters_range', sql`${t.chapters} between ${sql.raw(COUNT_RANGE)}`),
    check('series_volumes_range', sql`${t.volumes} between ${sql.raw(COUNT_RANGE)}`),
  ],
);

export type Series = typeof series.$inferSelect;
export type NewSeries = typeof series.$inferInsert;
