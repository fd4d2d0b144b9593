import type { FastifyBaseLogger } from 'fastify';
import type { ExternalIdField, RankedSeries, SeriesDetail } from '../../contract/catalogue';
import type { Database } from '../db/client';
import { isPossibleSerialId } from '../../contract/http';
import type { RetiredMedia } from '../media/retired-media';
import type { MediaStorage } from '../media/storage';
import { removeImage, type StoredImage } from '../media/store-image';
import type { CheckedImage } from '../media/image-check';
import { InvalidImageError, storeCover } from './cover-upload';
import { seriesExists } from './details';
import type { VoterScores } from '../ranking/voter-scores';
import { toRankedSeries, toSeriesDetail, type SeriesDetailRow } from './presenters';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import {
  createSeries,
  deleteSeries,
  ExternalIdTakenError,
  saveSeriesDetail,
  SERIES_GONE,
  updateSeries,
} from './series-admin';
import type { SeriesFieldValues } from './series-fields';

/**
 * A write that could not be made: no such series, a cover whose pixels could not be decoded, or an
 * external id another series already has.
 */
export type AdminRefusal = 'not-found' | 'invalid-image' | `${ExternalIdField}-taken`;

/** An external id clash as the refusal the routes answer, or the error itself. */
function refusalOf(error: unknown): AdminRefusal {
  if (error instanceof ExternalIdTakenError) return `${error.field}-taken`;
  throw error;
}

export interface CatalogueAdminOptions {
  db: Database;
  media: MediaStorage;
  retiredMedia: Pick<RetiredMedia, 'retireImage'>;
  log: FastifyBaseLogger;
  voterScores: (seriesId: number, userId: number | undefined) => Promise<VoterScores>;
}

/** What administration needs of the catalogue's cache: its snapshot, a scored read, and to be told of a write. */
export interface CatalogueCache {
  snapshot(): Promise<CatalogueSnapshot>;
  detailRow(id: number): Promise<SeriesDetailRow | undefined>;
  changed(ids: number[] | null): Promise<void>;
}

/**
 * Catalogue administration: add, edit and delete series, and set a series' synopsis and detail cover.
 * Covers (already checked by their header) are stored with their size variants; a replaced or deleted
 * cover's files are removed once the database no longer points at them. Every write patches the catalogue
 * (`changed`), so live lists show it at once and the answer is the series as they now show it.
 */
export class CatalogueAdmin {
  constructor(
    private readonly catalogue: CatalogueCache,
    private readonly options: CatalogueAdminOptions,
  ) {}

  seriesExists(id: number): Promise<boolean> {
    return seriesExists(this.options.db, id);
  }

  async createSeries(values: SeriesFieldValues, cover: CheckedImage): Promise<RankedSeries | AdminRefusal> {
    const stored = await this.storeCover(cover, 'covers', values.title!);
    if (!stored) return 'invalid-image';
    let id: number;
    try {
      id = await createSeries(this.options.db, values, stored.key);
    } catch (error) {
      await this.discard(stored.key);
      return refusalOf(error);
    }
    await this.catalogue.changed([id]);
    return (await this.rankedSeries(id))!;
  }

  async updateSeries(
    id: number,
    values: SeriesFieldValues,
    cover: CheckedImage | undefined,
  ): Promise<RankedSeries | AdminRefusal> {
    if (!isPossibleSerialId(id)) return 'not-found';
    const stored = cover && (await this.storeCover(cover, 'covers', values.title ?? id));
    if (stored === undefined && cover) return 'invalid-image';
    let written: AdminRefusal | undefined;
    try {
      written = await this.writeCover(id, stored?.key, () =>
        updateSeries(this.options.db, id, values, stored?.key),
      );
    } catch (error) {
      return refusalOf(error);
    }
    if (written) return written;
    return (await this.rankedSeries(id)) ?? 'not-found';
  }

  /** Deletes a series (its details, votes, list items and forum references go with it); false when absent. */
  async deleteSeries(id: number): Promise<boolean> {
    if (!isPossibleSerialId(id)) return false;
    const coverKeys = await deleteSeries(this.options.db, id);
    if (coverKeys === SERIES_GONE) return false;
    await this.catalogue.changed([id]);
    await Promise.all(coverKeys.map((key) => this.retire(key)));
    return true;
  }

  /** Sets the synopsis and, with `file`, the detail cover; answers the detail with the caller's scores. */
  async saveSeriesDetail(
    seriesId: number,
    synopsis: string,
    file: CheckedImage | undefined,
    callerId: number,
  ): Promise<SeriesDetail | AdminRefusal> {
    const { db, media } = this.options;
    if (!isPossibleSerialId(seriesId)) return 'not-found';
    const stored = file && (await this.storeCover(file, 'details', seriesId));
    if (stored === undefined && file) return 'invalid-image';
    const written = await this.writeCover(seriesId, stored?.key, () =>
      saveSeriesDetail(db, seriesId, synopsis, stored?.key),
    );
    if (written) return written;
    const [row, scores, snapshot] = await Promise.all([
      this.catalogue.detailRow(seriesId),
      this.options.voterScores(seriesId, callerId),
      this.catalogue.snapshot(),
    ]);
    if (!row) return 'not-found';
    return toSeriesDetail(row, snapshot.placement(seriesId)?.overall.rank ?? null, media, scores);
  }

  /** The series as the live lists now show it (after the write's `changed`). */
  private async rankedSeries(id: number): Promise<RankedSeries | undefined> {
    const { media } = this.options;
    const placed = (await this.catalogue.snapshot()).placement(id);
    if (placed) return toRankedSeries(placed.overall, media);
    const row = await this.catalogue.detailRow(id);
    return row && toRankedSeries({ series: row.series, rank: null }, media);
  }

  /** Stores a checked cover; undefined when its pixels cannot be decoded. */
  private async storeCover(
    image: CheckedImage,
    folder: 'covers' | 'details',
    idHint: string | number,
  ): Promise<StoredImage | undefined> {
    try {
      return await storeCover(this.options.media, image, folder, idHint);
    } catch (error) {
      if (error instanceof InvalidImageError) return undefined;
      throw error;
    }
  }

  /**
   * Runs a write that may point the database at a newly stored cover. The new files are removed when the
   * write fails or finds no series ('not-found'); the replaced files only after reads stop naming them,
   * since a stale answer may still be cached downstream.
   */
  private async writeCover(
    seriesId: number,
    storedKey: string | undefined,
    write: () => Promise<string | null | typeof SERIES_GONE>,
  ): Promise<'not-found' | undefined> {
    let replacedKey: string | null | typeof SERIES_GONE;
    try {
      replacedKey = await write();
    } catch (error) {
      await this.discard(storedKey);
      throw error;
    }
    if (replacedKey === SERIES_GONE) {
      await this.discard(storedKey);
      return 'not-found';
    }
    await this.catalogue.changed([seriesId]);
    await this.retire(replacedKey);
    return undefined;
  }

  /** Files just stored that no database row ever named (the write failed): removed at once. */
  private async discard(key: string | null | undefined): Promise<void> {
    if (!key) return;
    // Failing to delete them leaves garbage, not an error.
    await removeImage(this.options.media, key).catch((error: unknown) =>
      this.options.log.warn({ err: error, key }, 'could not remove unused media'),
    );
  }

  /**
   * Files the database stopped naming (a replaced or deleted cover): removed after MEDIA_DELETE_GRACE, as
   * pre-rendered pages, CDN copies and other instances may still name them meanwhile.
   */
  private async retire(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await this.options.retiredMedia
      .retireImage(key)
      .catch((error: unknown) =>
        this.options.log.warn({ err: error, key }, 'could not schedule replaced media removal'),
      );
  }
}
