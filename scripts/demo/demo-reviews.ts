import { asc, like } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import { reviewHelpfulMarks, reviews, series, users } from '../../api/db/schema';

/*
 * Demo reviews (docs/features/reviews.md): three readers' reviews on each of the first series, a few
 * flagged "Contains spoilers", marked helpful by other demo readers, so `npm start` shows the series pages'
 * Reviews and the review lists filled. Written only while no review exists, so seeding stays idempotent.
 */

const OPENINGS = [
  'I started this on a friend’s recommendation and finished it in a weekend.',
  'The first chapters are slow, but **stick with it**: the second arc is where it finds its voice.',
  'Few series balance humour and tension this well.',
  'I came for the art and stayed for the characters.',
  'This one surprised me more than anything I read this year.',
];
const MIDDLES = [
  'The panel work is clean and every fight reads clearly, even on a phone.',
  'The side characters each get a real arc instead of being there to cheer the lead on.',
  'The world building is delivered through small details rather than long explanations.',
  'The colouring changes with the mood of each chapter, which is a lovely touch.',
  'Pacing dips in the middle volumes, but the payoff is worth it.',
];
const SPOILERS = [
  'When the mentor turns out to be the one behind the first attack, every earlier scene gets a second meaning.',
  'The lead losing the tournament final was the bravest choice the story made.',
  'The time skip after the siege resets everything, and the reunion chapter hit hard.',
];
const CLOSINGS = [
  'Recommended if you like slow-burn stories.',
  'An easy recommendation.\n\n- Art: great\n- Story: better than it looks\n- Ending: satisfying',
  'I will reread it once it finishes.',
  'Not perfect, but very much worth your time.',
];

const SERIES_REVIEWED = 12;
const REVIEWS_PER_SERIES = 3;

function reviewText(index: number, spoiler: boolean): string {
  const pick = <T>(list: readonly T[], step: number) => list[(index * step + step) % list.length]!;
  const parts = [pick(OPENINGS, 3), pick(MIDDLES, 7)];
  if (spoiler) parts.push(pick(SPOILERS, 5));
  parts.push(pick(CLOSINGS, 11));
  return parts.join('\n\n');
}

/**
 * Writes the demo reviews when there are none, on the first `seriesReviewed` series (benchmarks ask for
 * thousands); answers how many reviews and marks it wrote.
 */
export async function seedDemoReviewsIfEmpty(
  db: Database,
  { seriesReviewed = SERIES_REVIEWED }: { seriesReviewed?: number } = {},
): Promise<{ reviews: number; marks: number }> {
  if ((await db.$count(reviews)) > 0) return { reviews: 0, marks: 0 };
  const readers = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.username, 'reader%'))
    .orderBy(asc(users.id))
    .limit(40);
  const reviewed = await db
    .select({ id: series.id })
    .from(series)
    .orderBy(asc(series.id))
    .limit(seriesReviewed);
  if (readers.length < REVIEWS_PER_SERIES + 4 || reviewed.length === 0) return { reviews: 0, marks: 0 };

  return db.transaction(async (tx) => {
    const now = Date.now();
    let marks = 0;
    let index = 0;
    for (const [seriesIndex, { id: seriesId }] of reviewed.entries()) {
      for (let slot = 0; slot < REVIEWS_PER_SERIES; slot += 1, index += 1) {
        const author = readers[(seriesIndex * REVIEWS_PER_SERIES + slot) % readers.length]!;
        const spoiler = index % 5 === 2;
        const markers = readers
          .filter((reader) => reader.id !== author.id)
          .slice(index % 7, (index % 7) + ((index * 5) % 6));
        const at = new Date(now - (index + 1) * 3_600_000);
        const [row] = await tx
          .insert(reviews)
          .values({
            seriesId,
            userId: author.id,
            bodyMarkdown: reviewText(index, spoiler),
            spoiler,
            helpfulCount: markers.length,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: reviews.id });
        if (markers.length > 0) {
          await tx
            .insert(reviewHelpfulMarks)
            .values(markers.map((marker) => ({ reviewId: row!.id, userId: marker.id })));
          marks += markers.length;
        }
      }
    }
    return { reviews: index, marks };
  });
}
