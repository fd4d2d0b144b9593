import type { AlsoLikedLists, AlsoLikedSeries } from '../../contract/recommendations';
import type { CatalogueService } from '../catalogue/service';
import type { Database } from '../db/client';
import { cachedJson, type CachedJson } from '../http-cache';
import type { MediaStorage } from '../media/storage';
import type { LeasedRun } from '../plugins/scheduled-jobs';
import { recomputeAlsoLiked, type AlsoLikedRun } from './also-liked-job';
import { alsoLikedIds, alsoLikedListsAfter, hasAlsoLiked } from './repository';

export interface RecommendationsServiceOptions {
  db: Database;
  media: Pick<MediaStorage, 'url'>;
  /** The catalogue's snapshot, for a series' place and the values the rankings show. */
  catalogue: Pick<CatalogueService, 'placeSeries'>;
}

/** "Readers also liked": the stored lists (also-liked-job.ts computes them), answered with the catalogue's values. */
export class RecommendationsService {
  constructor(private readonly options: RecommendationsServiceOptions) {}

  /**
   * The series stored as liked alongside `id`, in order, each with its title, cover, type, rank and final
   * score as the catalogue's snapshot has them (one it no longer holds is left out); undefined when there
   * is no such series.
   */
  async alsoLiked(id: number): Promise<CachedJson | undefined> {
    const found = await this.options.catalogue.placeSeries(id);
    if (!found) return undefined;
    const { snapshot } = found;
    const items: AlsoLikedSeries[] = (await alsoLikedIds(this.options.db, id)).flatMap((likedId) => {
      const placed = snapshot.placement(likedId)?.overall;
      if (!placed) return [];
      const { series, rank } = placed;
      return [
        {
          id: series.id,
          title: series.title,
          cover_url: series.coverKey ? this.options.media.url(series.coverKey) : null,
          type: series.type,
          rank,
          final_score: series.finalScore,
        },
      ];
    });
    return cachedJson(items);
  }

  /**
   * The stored lists after `afterId`, a page of `pageSize` series, as ids (for static builds, which hold
   * every series' values already): a series the catalogue no longer has drops out with its rows.
   */
  async lists(afterId: number, pageSize: number): Promise<AlsoLikedLists> {
    const items = await alsoLikedListsAfter(this.options.db, afterId, pageSize + 1);
    return { items: items.slice(0, pageSize), has_more: items.length > pageSize };
  }

  /** Recomputes every series' list, if this instance takes the job's lease. */
  recompute(options: { quietMs?: number } = {}): Promise<LeasedRun<AlsoLikedRun>> {
    return recomputeAlsoLiked(this.options.db, options);
  }

  /** Whether any list is stored yet. */
  hasLists(): Promise<boolean> {
    return hasAlsoLiked(this.options.db);
  }
}
