import type { FastifyBaseLogger } from 'fastify';
import type { UserProfile } from '../../contract/profiles';
import { Cache, type ChangeSource } from '../cache/cache';
import type { Database } from '../db/client';
import type { Transaction } from '../db/transaction';
import type { RetiredMedia } from '../media/retired-media';
import type { MediaStorage } from '../media/storage';
import type { UploadedFile } from '../plugins/forms';
import { storeAvatar } from './avatars';
import {
  avatarKeyOf,
  profileCounts,
  profileUserByName,
  readingStatsOf,
  replaceAvatarKey,
  setShowReadingStats,
  sharedListsOf,
  showsReadingStats,
} from './profile-reads';

/** The change feed's topic of profiles: the ids of users whose profile changed. */
export const PROFILES_TOPIC = 'profiles';

/** Profiles kept in memory at most. */
const MAX_PROFILES = 5_000;

export interface ProfilesOptions {
  db: Database;
  media: MediaStorage;
  retiredMedia: Pick<RetiredMedia, 'retireImage'>;
  feed: ChangeSource & { publish(topic: string, ids: number[] | null): Promise<void> };
  log: FastifyBaseLogger;
  /** How long a profile is answered from memory (CACHE_TTL_MS). */
  ttlMs: number;
}

interface CachedProfile {
  userId: number;
  profile: UserProfile;
}

/**
 * Public profiles: who a user is to everyone (avatar, joined date, counts, shared lists, reading stats unless
 * hidden), their avatar upload and the "Show my reading stats" preference.
 *
 * A profile is cached per lowercased username. The owner's own writes here (avatar, preference, deleting
 * the account) forget it at once on every instance; what other features count (votes, reviews, posts,
 * lists) shows within the cache's TTL.
 */
export class ProfilesService {
  private readonly profiles: Cache<string, CachedProfile>;
  /** Avatar keys of accounts being deleted, read in the deletion's transaction, retired once it commits. */
  private readonly deletingAvatars = new Map<number, string>();

  constructor(private readonly options: ProfilesOptions) {
    this.profiles = new Cache({ max: MAX_PROFILES, ttlMs: options.ttlMs });
    options.feed.subscribe(PROFILES_TOPIC, ({ ids }) => this.forget(ids));
  }

  /** The public profile of a username in any case; undefined when there is no such user. */
  async profile(username: string): Promise<UserProfile | undefined> {
    const cached = await this.profiles.load(username.toLowerCase(), () => this.readProfile(username));
    return cached?.profile;
  }

  private async readProfile(username: string): Promise<CachedProfile | undefined> {
    const { db, media } = this.options;
    const user = await profileUserByName(db, username);
    if (!user) return undefined;
    const counts = await profileCounts(db, user.id);
    const lists = await sharedListsOf(db, user.id);
    const stats = user.showReadingStats ? await readingStatsOf(db, user.id) : undefined;
    return {
      userId: user.id,
      profile: {
        username: user.username,
        joined_at: user.createdAt.toISOString(),
        avatar_url: user.avatarKey ? media.url(user.avatarKey) : null,
        counts,
        public_lists: lists,
        stats: stats
          ? {
              status_counts: stats.statusCounts,
              chapters_read: stats.chaptersRead,
              score_distribution: stats.scoreDistribution,
              top_genres: stats.topGenres,
            }
          : null,
      },
    };
  }

  /**
   * Stores an uploaded avatar (400 when refused) and makes it the user's, retiring the one it replaces
   * after MEDIA_DELETE_GRACE. Answers its URL.
   */
  async setAvatar(userId: number, file: UploadedFile): Promise<string> {
    const { db, media, retiredMedia } = this.options;
    const key = await storeAvatar(media, file, userId);
    const replaced = await replaceAvatarKey(db, userId, key).catch(async (error: unknown) => {
      await retiredMedia.retireImage(key).catch(() => undefined);
      throw error;
    });
    // The account went meanwhile: nothing names the new file.
    if (!replaced) await this.retire(key);
    else if (replaced.previous) await this.retire(replaced.previous);
    this.changed([userId]);
    return media.url(key);
  }

  async showsReadingStats(userId: number): Promise<boolean> {
    return showsReadingStats(this.options.db, userId);
  }

  async setShowReadingStats(userId: number, show: boolean): Promise<boolean> {
    const shown = await setShowReadingStats(this.options.db, userId, show);
    this.changed([userId]);
    return shown;
  }

  /** A step of the account's deletion, in its transaction: notes the avatar to remove once it commits. */
  async accountDeleting(tx: Transaction, userId: number): Promise<number[]> {
    const key = await avatarKeyOf(tx, userId);
    if (key) this.deletingAvatars.set(userId, key);
    else this.deletingAvatars.delete(userId);
    return [];
  }

  /** After the account's deletion committed: its avatar is retired and its profile forgotten everywhere. */
  async accountDeleted(userId: number): Promise<void> {
    const key = this.deletingAvatars.get(userId);
    this.deletingAvatars.delete(userId);
    if (key) await this.retire(key);
    this.changed([userId]);
  }

  /** After a write to these users' profiles: forgotten here and on the other instances. */
  changed(userIds: number[] | null): void {
    this.forget(userIds);
    void this.options.feed.publish(PROFILES_TOPIC, userIds);
  }

  private forget(userIds: number[] | null): void {
    if (!userIds) return this.profiles.forget(null);
    const gone = new Set(userIds);
    this.profiles.forgetWhere((cached) => gone.has(cached.userId));
  }

  private async retire(key: string): Promise<void> {
    await this.options.retiredMedia
      .retireImage(key)
      .catch((error: unknown) => this.options.log.warn({ err: error, key }, 'could not retire an avatar'));
  }
}
