import type { ForumSeriesRef, Post, PostRevision, Thread } from '../../contract/forum';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { MediaStorage } from '../media/storage';
import type { PostRevisionRow } from './post-revisions';
import type { PostRow, ThreadRow } from './thread-reads';

/**
 * Series references read from the in-memory catalogue, so a thread of any size costs no query per series;
 * a series deleted since (its references go by cascade) or not yet in the snapshot is left out.
 */
export function seriesRefs(
  ids: number[],
  snapshot: CatalogueSnapshot,
  media: MediaStorage,
): ForumSeriesRef[] {
  return ids.flatMap((id) => {
    const series = snapshot.placement(id)?.overall.series;
    if (!series) return [];
    return [
      {
        series_id: series.id,
        title: series.title,
        cover_url: series.coverKey ? media.url(series.coverKey) : null,
        type: series.type,
        status: series.status,
      },
    ];
  });
}

export function toThread(row: ThreadRow, snapshot: CatalogueSnapshot, media: MediaStorage): Thread {
  return {
    id: row.id,
    title: row.title,
    author_username: row.authorUsername,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_post_at: row.lastPostAt.toISOString(),
    post_count: row.postCount,
    locked: row.locked,
    latest_first: row.latestFirst,
    pinned: row.pinned,
    settings: { latest_first: row.latestFirst },
    series_refs: seriesRefs(row.seriesIds, snapshot, media),
    viewer_following: false,
  };
}

export function toPost(row: PostRow, snapshot: CatalogueSnapshot, media: MediaStorage): Post {
  return {
    id: row.id,
    thread_id: row.threadId,
    parent_id: row.parentId,
    author_username: row.authorUsername,
    content_markdown: row.contentMarkdown,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    heart_count: row.likeCount,
    viewer_has_hearted: row.viewerLikes,
    series_refs: seriesRefs(row.seriesIds, snapshot, media),
  };
}

export function toPostRevision(row: PostRevisionRow): PostRevision {
  return { content_markdown: row.contentMarkdown, edited_at: row.editedAt.toISOString() };
}
