import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ReadingStatus } from '../../contract/reading-progress-values';
import type { Database } from '../../api/db/client';
import { readingListItems, readingLists, series, seriesDetails, users } from '../../api/db/schema';

/**
 * The demo admin's reading progress (with personal scores), and what the sample MyAnimeList export next to this file needs of the
 * demo catalogue (the default one, seed 42): MyAnimeList ids on two series, and a second series under a
 * title the catalogue already has (an adaptation in another format), so the import has a title to choose.
 */

export const SAMPLE_MYANIMELIST_EXPORT = join(
  dirname(fileURLToPath(import.meta.url)),
  'sample-myanimelist-export.xml',
);

/** Made-up ids, far above MyAnimeList's own, so no demo series claims a real work's id. */
const DEMO_MAL_IDS: [title: string, malId: number][] = [
  ['The Moonlit Labyrinth', 2_000_001],
  ['The Silent General', 2_000_002],
];

/** The title two demo series share, and the format of the second. */
const SHARED_TITLE = { title: 'The Secret Key', type: 'MANHWA' as const };

const DEMO_LIST_NAME = 'Reading now';
/**
 * Title, status, chapters read and personal score (null: none). A completed series is read to its published
 * chapter count when the catalogue has one, the chapters given here otherwise.
 */
const DEMO_LIST: [title: string, status: ReadingStatus, chapters: number, score: number | null][] = [
  ['The Moonlit Labyrinth', 'READING', 42, 9],
  ['Reborn as the Paper Merchant', 'COMPLETED', 120, 8],
  ['Palm and Promise', 'ON_HOLD', 17, null],
  ['Edict of the Borrowed Abyss', 'DROPPED', 5, 4],
  ['I Became the Swordsman of the Reckless Palace', 'READING', 88, 10],
  ['Summer Spring', 'PLAN_TO_READ', 0, null],
  ['A Status Window for the Princess', 'COMPLETED', 64, 7],
];

export interface DemoProgressResult {
  /** Series in the admin's new list; 0 when the admin already had a list (nothing is touched then). */
  listed: number;
}

/** Run once the demo admin exists; does nothing for an admin who already has a list. */
export async function seedDemoReadingProgress(
  db: Database,
  adminUsername: string,
): Promise<DemoProgressResult> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${adminUsername})`);
  if (!admin) return { listed: 0 };
  if ((await db.$count(readingLists, eq(readingLists.userId, admin.id))) > 0) return { listed: 0 };

  return db.transaction(async (tx) => {
    for (const [title, malId] of DEMO_MAL_IDS) {
      if ((await tx.$count(series, eq(series.malId, malId))) > 0) continue;
      await tx
        .update(series)
        .set({ malId })
        .where(and(eq(series.title, title), isNull(series.malId)));
    }
    const sharing = await tx
      .select({ id: series.id, genre: series.genre, author: series.author, artist: series.artist })
      .from(series)
      .where(eq(series.title, SHARED_TITLE.title));
    if (sharing.length === 1) {
      const [original] = sharing as [(typeof sharing)[number]];
      const [added] = await tx
        .insert(series)
        .values({ ...SHARED_TITLE, genre: original.genre, author: original.author, artist: original.artist })
        .returning({ id: series.id });
      await tx.insert(seriesDetails).values({
        seriesId: added!.id,
        synopsis: `The ${SHARED_TITLE.type.toLowerCase()} edition of ${SHARED_TITLE.title}.`,
      });
    }

    const [list] = await tx
      .insert(readingLists)
      .values({ userId: admin.id, name: DEMO_LIST_NAME, slot: 1 })
      .returning({ id: readingLists.id });
    let listed = 0;
    for (const [position, [title, readingStatus, chaptersRead, score]] of DEMO_LIST.entries()) {
      const [found] = await tx
        .select({ id: series.id, chapters: series.chapters })
        .from(series)
        .where(eq(series.title, title));
      if (!found) continue;
      await tx.insert(readingListItems).values({
        listId: list!.id,
        seriesId: found.id,
        readingStatus,
        chaptersRead: readingStatus === 'COMPLETED' ? (found.chapters ?? chaptersRead) : chaptersRead,
        score,
        // In the order above, whatever the clock's resolution.
        addedAt: new Date(Date.now() - (DEMO_LIST.length - position) * 60_000),
      });
      listed += 1;
    }
    return { listed };
  });
}
