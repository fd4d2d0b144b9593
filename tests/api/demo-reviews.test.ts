import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../api/db/query-rows';
import { REVIEW_MIN_LENGTH, reviewLength, type ReviewList } from '../../contract/reviews';
import { seedDemoReviewsIfEmpty } from '../../scripts/demo/demo-reviews';
import { createUserWithToken, newCredentials } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

/* The demo reviews: written once, by demo readers, with spoilers and helpful marks that match the counts. */
describe('demo reviews', () => {
  let server: TestServer;
  let seriesIds: number[];

  beforeAll(async () => {
    server = await startTestServer();
    seriesIds = await insertSeries(
      server,
      Array.from({ length: 14 }, (_, index) => ({ title: `Demo reviewed ${index + 1}` })),
    );
    for (let index = 0; index < 12; index += 1) {
      await createUserWithToken(server, { credentials: newCredentials('reader') });
    }
  });
  afterAll(() => server.close());

  it('writes three reviews on each of the first twelve series, once', async () => {
    const seeded = await seedDemoReviewsIfEmpty(server.database.db);
    expect(seeded.reviews).toBe(36);
    expect(seeded.marks).toBeGreaterThan(20);
    expect(await seedDemoReviewsIfEmpty(server.database.db)).toEqual({ reviews: 0, marks: 0 });

    const [counts] = await queryRows<{ reviews: number; spoilers: number; mismatched: number }>(
      server.database.db,
      sql`select count(*)::int as reviews, count(*) filter (where spoiler)::int as spoilers,
            count(*) filter (where helpful_count <> (select count(*) from review_helpful_marks m
              where m.review_id = r.id))::int as mismatched
          from reviews r`,
    );
    expect(counts).toMatchObject({ reviews: 36, mismatched: 0 });
    expect(counts!.spoilers).toBeGreaterThan(3);

    const response = await server.request(`/series/${seriesIds[0]}/reviews`);
    const list = (await response.json()) as ReviewList;
    expect(list.total).toBe(3);
    for (const review of list.items)
      expect(reviewLength(review.body_markdown)).toBeGreaterThanOrEqual(REVIEW_MIN_LENGTH);
    expect(
      (await (await server.request(`/series/${seriesIds[13]}/reviews`)).json()) as ReviewList,
    ).toMatchObject({
      total: 0,
    });
  });
});
