import {
  hasControlCharacters,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  REVIEWS_ON_SERIES_PAGE,
  REVIEWS_PAGE_SIZE,
  reviewLength,
  type HelpfulResult,
  type Review,
  type ReviewList,
  type ReviewSort,
  type TopReviews,
} from '../../contract/reviews';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { Database } from '../db/client';
import type { Transaction } from '../db/transaction';
import type { AuthUser } from '../plugins/auth';
import {
  alreadyReviewed,
  controlCharacters,
  notYours,
  ownHelpful,
  reviewNotFound,
  seriesNotFound,
  tooLong,
  tooShort,
} from './errors';
import { mayDelete, mayEdit, mayMarkHelpful } from './permissions';
import { toReview } from './presenters';
import {
  deleteMarksOf,
  deleteReview,
  findOwner,
  findReview,
  insertReview,
  listReviews,
  setHelpful,
  topReviewsAfter,
  updateReview,
} from './repository';

/** What the reviews need of the catalogue: whether a series exists. */
export interface ReviewsCatalogue {
  snapshot(): Promise<CatalogueSnapshot>;
  servableSnapshot(): CatalogueSnapshot | undefined;
}

export interface ReviewsServiceOptions {
  db: Database;
  catalogue: ReviewsCatalogue;
}

type Caller = Pick<AuthUser, 'id' | 'role'>;

/**
 * Written reviews: one per reader and series, marked helpful by others. Holds every rule (the body's
 * limits, who may edit, delete and mark) and throws the feature's HTTP errors; the SQL is in repository.ts.
 * Nothing is cached: each answer carries the caller's own marks and the authors' current scores.
 */
export class ReviewsService {
  constructor(private readonly options: ReviewsServiceOptions) {}

  /** A page of the series' reviews (`page` from 1), in the order asked. */
  async list(
    seriesId: number,
    { sort, page, viewerId }: { sort: ReviewSort; page: number; viewerId?: number },
  ): Promise<ReviewList> {
    await this.requireSeries(seriesId);
    const offset = (page - 1) * REVIEWS_PAGE_SIZE;
    const { rows, total } = await listReviews(this.options.db, seriesId, {
      sort,
      limit: REVIEWS_PAGE_SIZE,
      offset,
      viewerId,
    });
    return { items: rows.map(toReview), total, has_more: offset + rows.length < total };
  }

  /**
   * For static builds: the most helpful reviews of each series with reviews after `afterId` (a page of
   * `pageSize` series), as a visitor sees them, with each series' count.
   */
  async topReviews(afterId: number, pageSize: number): Promise<TopReviews> {
    const rows = await topReviewsAfter(this.options.db, {
      afterId,
      limit: pageSize + 1,
      perSeries: REVIEWS_ON_SERIES_PAGE,
    });
    const items: TopReviews['items'] = [];
    for (const row of rows) {
      const seriesId = Number(row.series_id);
      let item = items.at(-1);
      if (item?.series_id !== seriesId) {
        item = { series_id: seriesId, total: Number(row.total), top: [] };
        items.push(item);
      }
      item.top.push(toReview(row));
    }
    return { items: items.slice(0, pageSize), has_more: items.length > pageSize };
  }

  /** The body as stored (trimmed), or the rule it breaks (400). */
  checkBody(raw: string): string {
    return checkBody(raw);
  }

  async create(
    seriesId: number,
    caller: Caller,
    { bodyMarkdown, spoiler }: { bodyMarkdown: string; spoiler: boolean },
  ): Promise<Review> {
    const body = checkBody(bodyMarkdown);
    await this.requireSeries(seriesId);
    const outcome = await insertReview(this.options.db, {
      seriesId,
      userId: caller.id,
      bodyMarkdown: body,
      spoiler,
    });
    if (outcome === 'exists') throw alreadyReviewed();
    if (outcome === 'series-not-found') throw seriesNotFound();
    return this.read(outcome, caller.id);
  }

  async update(
    reviewId: number,
    caller: Caller,
    changes: { bodyMarkdown?: string; spoiler?: boolean },
  ): Promise<Review> {
    const bodyMarkdown = changes.bodyMarkdown === undefined ? undefined : checkBody(changes.bodyMarkdown);
    const owner = await findOwner(this.options.db, reviewId);
    if (!owner) throw reviewNotFound();
    if (!mayEdit(owner, caller)) throw notYours();
    const updated = await updateReview(this.options.db, {
      reviewId,
      userId: caller.id,
      bodyMarkdown,
      spoiler: changes.spoiler,
    });
    if (!updated) throw reviewNotFound();
    return this.read(reviewId, caller.id);
  }

  async delete(reviewId: number, caller: Caller): Promise<void> {
    const owner = await findOwner(this.options.db, reviewId);
    if (!owner) throw reviewNotFound();
    if (!mayDelete(owner, caller)) throw notYours();
    if (!(await deleteReview(this.options.db, reviewId))) throw reviewNotFound();
  }

  /** Marks the review helpful for the caller (`helpful`), or takes the mark back; repeating changes nothing. */
  async markHelpful(reviewId: number, caller: Caller, helpful: boolean): Promise<HelpfulResult> {
    const owner = await findOwner(this.options.db, reviewId);
    if (!owner) throw reviewNotFound();
    if (!mayMarkHelpful(owner, caller)) throw ownHelpful();
    const count = await setHelpful(this.options.db, { reviewId, userId: caller.id, helpful });
    if (count === undefined) throw reviewNotFound();
    return { helpful_count: count, viewer_found_helpful: helpful };
  }

  /** The account deletion's step: the user's marks go, each taking one off its review's count. */
  async accountDeleting(tx: Transaction, userId: number): Promise<number[]> {
    await deleteMarksOf(tx, userId);
    return [];
  }

  private async read(reviewId: number, viewerId: number): Promise<Review> {
    const row = await findReview(this.options.db, reviewId, viewerId);
    if (!row) throw reviewNotFound();
    return toReview(row);
  }

  /** A series is known when it is in the catalogue (the served snapshot, else the current one). */
  private async requireSeries(seriesId: number): Promise<void> {
    const { catalogue } = this.options;
    const snapshot = catalogue.servableSnapshot() ?? (await catalogue.snapshot());
    if (!snapshot.placement(seriesId)) throw seriesNotFound();
  }
}

/** The body as stored (trimmed), or the rule it breaks. */
function checkBody(raw: string): string {
  const body = raw.trim();
  if (hasControlCharacters(body)) throw controlCharacters();
  const length = reviewLength(body);
  if (length < REVIEW_MIN_LENGTH) throw tooShort();
  if (length > REVIEW_MAX_LENGTH) throw tooLong();
  return body;
}
