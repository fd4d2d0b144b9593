import { eq, sql } from 'drizzle-orm';
import { READING_STATUSES, type ReadingStatus } from '../../contract/reading-progress-values';
import { PROFILE_TOP_GENRES } from '../../contract/profiles-values';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { users } from '../db/schema';
import type { Transaction } from '../db/transaction';

/* SQL of the profiles: one statement per read or write. */

export interface ProfileUser {
  id: number;
  username: string;
  createdAt: Date;
  avatarKey: string | null;
  showReadingStats: boolean;
}

/** The user a username names, in any case (as login finds it); undefined when there is none. */
export async function profileUserByName(db: Database, username: string): Promise<ProfileUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      createdAt: users.createdAt,
      avatarKey: users.avatarKey,
      showReadingStats: users.showReadingStats,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export interface ProfileCounts {
  votes: number;
  reviews: number;
  posts: number;
}

/**
 * Votes count the series voted on (any of the five categories), not vote rows: a reader who rated one
 * series in every category voted once. Posts count every forum post, a thread's first post included.
 */
export async function profileCounts(db: Database, userId: number): Promise<ProfileCounts> {
  const [row] = await queryRows<{ votes: number; reviews: number; posts: number }>(
    db,
    sql`select
      (select count(distinct series_id)::int from votes where user_id = ${userId}) as votes,
      (select count(*)::int from reviews where user_id = ${userId}) as reviews,
      (select count(*)::int from forum_posts where author_id = ${userId}) as posts`,
  );
  return { votes: row?.votes ?? 0, reviews: row?.reviews ?? 0, posts: row?.posts ?? 0 };
}

export interface PublicListRow {
  name: string;
  share_token: string;
  item_count: number;
}

/** The user's shared lists (those with a share token), in their slot order, with their sizes. */
export function sharedListsOf(db: Database, userId: number): Promise<PublicListRow[]> {
  return queryRows<PublicListRow>(
    db,
    sql`select l.name, l.share_token,
        (select count(*)::int from reading_list_items i where i.list_id = l.id) as item_count
      from reading_lists l
      where l.user_id = ${userId} and l.share_token is not null
      order by l.slot`,
  );
}

export interface StatsRows {
  statusCounts: Record<ReadingStatus, number>;
  chaptersRead: number;
  scoreDistribution: number[];
  topGenres: { genre: string; count: number }[];
}

/**
 * The reader's stats over every list of theirs (private ones too: only totals leave). A series listed
 * several times counts once, by its furthest-read entry (most chapters; then the lowest list slot): its
 * status, chapters and personal score. Genres are the series' comma-separated genres, compared without
 * case; the most frequent first, then by name.
 */
export async function readingStatsOf(db: Database, userId: number): Promise<StatsRows> {
  const entries = sql`select distinct on (i.series_id) i.series_id, i.reading_status, i.chapters_read, i.score
    from reading_list_items i join reading_lists l on l.id = i.list_id
    where l.user_id = ${userId}
    order by i.series_id, i.chapters_read desc, l.slot`;
  const rows = await queryRows<{ kind: string; key: string | null; label: string | null; n: number }>(
    db,
    sql`with entries as (${entries}),
      genres as (
        select lower(trim(g)) as key, min(trim(g)) as label, count(*)::int as n
        from entries e join series s on s.id = e.series_id,
          unnest(string_to_array(s.genre, ',')) as g
        where trim(g) <> ''
        group by lower(trim(g))
        order by n desc, key
        limit ${PROFILE_TOP_GENRES}
      )
      select 'status' as kind, reading_status as key, null as label, count(*)::int as n
        from entries group by reading_status
      union all
      select 'chapters', null, null, coalesce(sum(chapters_read), 0)::int from entries
      union all
      select 'score', score::text, null, count(*)::int from entries where score is not null group by score
      union all
      select 'genre', key, label, n from genres`,
  );
  const statusCounts = Object.fromEntries(READING_STATUSES.map((status) => [status, 0])) as Record<
    ReadingStatus,
    number
  >;
  const scoreDistribution = Array.from({ length: 10 }, () => 0);
  const topGenres: { genre: string; count: number }[] = [];
  let chaptersRead = 0;
  for (const row of rows) {
    if (row.kind === 'status' && row.key && row.key in statusCounts)
      statusCounts[row.key as ReadingStatus] = row.n;
    else if (row.kind === 'chapters') chaptersRead = row.n;
    else if (row.kind === 'score') scoreDistribution[Number(row.key) - 1] = row.n;
    else if (row.kind === 'genre' && row.label) topGenres.push({ genre: row.label, count: row.n });
  }
  // A union keeps no order: the genres' order is the CTE's, restored here.
  topGenres.sort((a, b) => b.count - a.count || a.genre.toLowerCase().localeCompare(b.genre.toLowerCase()));
  return { statusCounts, chaptersRead, scoreDistribution, topGenres };
}

/**
 * Sets the user's avatar key, answering the key it replaced (null: none), or undefined when the user is
 * gone. The row is locked first, so two uploads at once each retire exactly the key they replaced.
 */
export async function replaceAvatarKey(
  db: Database,
  userId: number,
  key: string,
): Promise<{ previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ previous: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) return undefined;
    await tx.update(users).set({ avatarKey: key }).where(eq(users.id, userId));
    return row;
  });
}

export async function showsReadingStats(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ show: users.showReadingStats }).from(users).where(eq(users.id, userId));
  return row?.show ?? true;
}

export async function setShowReadingStats(db: Database, userId: number, show: boolean): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ showReadingStats: show })
    .where(eq(users.id, userId))
    .returning({ show: users.showReadingStats });
  return updated[0]?.show ?? show;
}

/** The avatar key of a user being deleted, read in the deletion's transaction. */
export async function avatarKeyOf(tx: Transaction, userId: number): Promise<string | null> {
  const [row] = await tx.select({ key: users.avatarKey }).from(users).where(eq(users.id, userId));
  return row?.key ?? null;
}
