import type { RankedSeries, SeriesDetail } from './catalogue-types';

/*
 * Shared by the build-time loader and the series page island. A module of its own because a module ships
 * whole with every island that imports it, and only the series page needs this.
 */

/** The list-entry fields a detail carries: every RankedSeries field but the id (a detail's `series_id`). */
export function rankedSeriesFields(detail: SeriesDetail): Omit<RankedSeries, 'id'> {
  return {
    title: detail.title,
    genre: detail.genre,
    type: detail.type,
    status: detail.status,
    author: detail.author,
    artist: detail.artist,
    cover_url: detail.cover_url,
    cover_variants: detail.cover_variants,
    rank: detail.rank,
    vote_count: detail.vote_count,
    final_score: detail.final_score,
    mean_score: detail.mean_score,
    mal_id: detail.mal_id,
    anilist_id: detail.anilist_id,
    mangaupdates_id: detail.mangaupdates_id,
    chapters: detail.chapters,
    volumes: detail.volumes,
    alt_titles: detail.alt_titles,
  };
}
