import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../api/db/query-rows';
import { SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE } from '../../contract/catalogue';
import {
  REVIEW_ERROR_CODES as CODES,
  REVIEW_TEXTS as TEXTS,
  REVIEWS_PAGE_SIZE,
  type HelpfulResult,
  type Review,
  type ReviewList,
  type TopReviews,
} from '../../contract/reviews';
import { createUserWithToken, newCredentials } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList, expectError } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

/** A body of `length` characters that passes every other rule. */
const text = (length: number, word = 'panel') =>
  (word + ' ').repeat(length).slice(0, length).trimEnd().padEnd(length, 'x');

describe('reviews', () => {
  let server: TestServer;
  let admin: User;
  let titles = 0;

  beforeAll(async () => {
    server = await startTestServer({ WRITE_RATE_LIMIT_MAX: '1000' });
    admin = await createUserWithToken(server, { role: 'ADMIN' });
  });
  afterAll(() => server.close());

  const newSeries = async () => (await insertSeries(server, [{ title: `Reviewed ${++titles}` }]))[0]!;
  const newUser = () => createUserWithToken(server);

  const post = (seriesId: number | string, token: string | undefined, json: unknown) =>
    server.request(`/series/${seriesId}/reviews`, { method: 'POST', token, json });
  const list = (seriesId: number | string, query = '', token?: string) =>
    server.request(`/series/${seriesId}/reviews${query}`, { token });
  const patch = (id: number | string, token: string, json: unknown) =>
    server.request(`/reviews/${id}`, { method: 'PATCH', token, json });
  const remove = (id: number | string, token: string) =>
    server.request(`/reviews/${id}`, { method: 'DELETE', token });
  const helpful = (id: number | string, token: string, method: 'POST' | 'DELETE' = 'POST') =>
    server.request(`/reviews/${id}/helpful`, { method, token });

  async function created(seriesId: number, user: User, body = text(150), spoiler = false): Promise<Review> {
    const response = await post(seriesId, user.token, { body_markdown: body, spoiler });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Review;
  }
  async function listed(seriesId: number, query = '', token?: string): Promise<ReviewList> {
    const response = await list(seriesId, query, token);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ReviewList;
  }
  async function markCount(reviewId: number): Promise<number> {
    const [row] = await queryRows<{ marks: number; helpful_count: number }>(
      server.database.db,
      sql`select (select count(*)::int from review_helpful_marks where review_id = ${reviewId}) as marks,
        helpful_count from reviews where id = ${reviewId}`,
    );
    expect(row!.helpful_count).toBe(row!.marks);
    return row!.marks;
  }

  it('posts a review and lists it, with the author and no score when none is set', async () => {
    const seriesId = await newSeries();
    const author = await newUser();
    const body = `  ${text(200)}\n\n**bold**  `;
    const review = await created(seriesId, author, body, true);
    expect(review).toMatchObject({
      series_id: seriesId,
      author_username: author.username,
      body_markdown: body.trim(),
      spoiler: true,
      score: null,
      helpful_count: 0,
      viewer_found_helpful: false,
    });
    expect(Date.parse(review.created_at)).not.toBeNaN();
    expect(await listed(seriesId)).toEqual({ items: [review], total: 1, has_more: false });
  });

  it("answers the author's personal score from their reading lists, read at answer time", async () => {
    const seriesId = await newSeries();
    const author = await newUser();
    const review = await created(seriesId, author);
    expect(review.score).toBeNull();
    const readingList = await createdList(server, author.token, 'Scored');
    const added = await server.request(`/reading-lists/${readingList.id}/items`, {
      method: 'POST',
      token: author.token,
      json: { series_id: seriesId },
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const scored = await server.request(`/reading-lists/${readingList.id}/items/${seriesId}`, {
      method: 'PATCH',
      token: author.token,
      json: { score: 8 },
    });
    expect(scored.status, await scored.clone().text()).toBe(200);
    expect((await listed(seriesId)).items[0]!.score).toBe(8);
    await server.request(`/reading-lists/${readingList.id}/items/${seriesId}`, {
      method: 'PATCH',
      token: author.token,
      json: { score: null },
    });
    expect((await listed(seriesId)).items[0]!.score).toBeNull();
  });

  it('needs at least 100 characters after trimming, and at most 10,000', async () => {
    const seriesId = await newSeries();
    const author = await newUser();
    const tooShort = `   ${text(99)}    \n`;
    await expectError(
      await post(seriesId, author.token, { body_markdown: tooShort }),
      400,
      'Reviews need at least 100 characters.',
      CODES.tooShort,
    );
    await expectError(
      await post(seriesId, author.token, { body_markdown: text(10_001) }),
      400,
      TEXTS.tooLong,
      CODES.tooLong,
    );
    // Characters, not UTF-16 units: 100 emoji are 100 characters.
    expect((await post(seriesId, author.token, { body_markdown: '📚'.repeat(100) })).status).toBe(201);
    const other = await newUser();
    expect((await post(seriesId, other.token, { body_markdown: text(10_000) })).status).toBe(201);
  });

  it('answers 409 to a second review of the same series, even when both race', async () => {
    const seriesId = await newSeries();
    const author = await newUser();
    await created(seriesId, author);
    await expectError(
      await post(seriesId, author.token, { body_markdown: text(120) }),
      409,
      'You have already reviewed this series.',
      CODES.alreadyReviewed,
    );
    const racer = await newUser();
    const statuses = await Promise.all(
      [0, 1, 2].map(async () => (await post(seriesId, racer.token, { body_markdown: text(130) })).status),
    );
    expect(statuses.sort()).toEqual([201, 409, 409]);
    expect((await listed(seriesId)).total).toBe(2);
  });

  it('answers 404 for an unknown series or review, and 401 to visitors writing', async () => {
    const user = await newUser();
    await expectError(await list(999_999), 404, SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
    await expectError(await list(0), 404, SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
    await expectError(
      await post(999_999, user.token, { body_markdown: text(150) }),
      404,
      SERIES_NOT_FOUND,
      SERIES_NOT_FOUND_CODE,
    );
    await expectError(
      await patch(999_999, user.token, { spoiler: true }),
      404,
      TEXTS.notFound,
      CODES.notFound,
    );
    await expectError(await remove(999_999, user.token), 404, TEXTS.notFound, CODES.notFound);
    await expectError(await helpful(999_999, user.token), 404, TEXTS.notFound, CODES.notFound);
    await expectError(await helpful(99_999_999_999, user.token), 404, TEXTS.notFound, CODES.notFound);
    const seriesId = await newSeries();
    expect((await post(seriesId, undefined, { body_markdown: text(150) })).status).toBe(401);
    const review = await created(seriesId, user);
    for (const [method, path] of [
      ['PATCH', `/reviews/${review.id}`],
      ['DELETE', `/reviews/${review.id}`],
      ['POST', `/reviews/${review.id}/helpful`],
      ['DELETE', `/reviews/${review.id}/helpful`],
    ]) {
      const response = await server.request(path!, { method, json: { spoiler: true } });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect((await listed(seriesId)).items[0]).toMatchObject({ id: review.id, spoiler: false });
  });

  it('stores hostile markdown as written and refuses control characters with a clear 4xx', async () => {
    const seriesId = await newSeries();
    const hostile = `<script>alert(1)</script> [click](javascript:alert(1)) ${text(120)}`;
    const author = await newUser();
    const review = await created(seriesId, author, hostile);
    expect(review.body_markdown).toBe(hostile);
    await expectError(
      await post(seriesId, (await newUser()).token, { body_markdown: `${text(120)}\u0007bell` }),
      400,
      TEXTS.controlCharacters,
      CODES.controlCharacters,
    );
    // NUL is refused for every body, as a 422 naming the field.
    const nul = await post(seriesId, (await newUser()).token, { body_markdown: `${text(120)}\u0000` });
    expect(nul.status).toBe(422);
    // Over the API's body limit: 413, never a 5xx.
    const huge = await post(seriesId, (await newUser()).token, {
      body_markdown: 'x'.repeat(5 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    const hugeEdit = await patch(review.id, author.token, { body_markdown: 'x'.repeat(5 * 1024 * 1024) });
    expect(hugeEdit.status).toBe(413);
    await expectError(
      await patch(review.id, author.token, { body_markdown: `${text(120)}\u001b[31m` }),
      400,
      TEXTS.controlCharacters,
      CODES.controlCharacters,
    );
    expect((await listed(seriesId)).items[0]!.body_markdown).toBe(hostile);
    const wrongType = await post(seriesId, (await newUser()).token, { body_markdown: 42, spoiler: 'yes' });
    expect(wrongType.status).toBe(422);
  });

  it('sorts by helpful (then newest) and by newest, and pages by 20', async () => {
    const seriesId = await newSeries();
    const authors = await Promise.all(Array.from({ length: REVIEWS_PAGE_SIZE + 2 }, () => newUser()));
    const reviews: Review[] = [];
    for (const author of authors) reviews.push(await created(seriesId, author));
    const [first, second, third] = reviews as [Review, Review, Review];
    // The oldest two get marks: two for the first, one for the second.
    const readers = await Promise.all([newUser(), newUser()]);
    for (const reader of readers) expect((await helpful(first.id, reader.token)).status).toBe(200);
    expect((await helpful(second.id, readers[0]!.token)).status).toBe(200);

    const newestIds = [...reviews].reverse().map((review) => review.id);
    const byHelpful = await listed(seriesId, '?sort=helpful');
    expect(byHelpful.total).toBe(REVIEWS_PAGE_SIZE + 2);
    expect(byHelpful.has_more).toBe(true);
    expect(byHelpful.items).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(byHelpful.items.map((review) => review.id)).toEqual(
      [first.id, second.id, ...newestIds.filter((id) => id !== first.id && id !== second.id)].slice(
        0,
        REVIEWS_PAGE_SIZE,
      ),
    );
    expect(byHelpful.items[0]!.helpful_count).toBe(2);
    // The default sort is helpful.
    expect((await listed(seriesId)).items.map((review) => review.id)).toEqual(
      byHelpful.items.map((review) => review.id),
    );
    const byNewest = await listed(seriesId, '?sort=newest');
    expect(byNewest.items.map((review) => review.id)).toEqual(newestIds.slice(0, REVIEWS_PAGE_SIZE));
    const lastPage = await listed(seriesId, '?sort=newest&page=2');
    expect(lastPage).toMatchObject({ total: REVIEWS_PAGE_SIZE + 2, has_more: false });
    expect(lastPage.items.map((review) => review.id)).toEqual(newestIds.slice(REVIEWS_PAGE_SIZE));
    expect(lastPage.items.at(-1)!.id).toBe(first.id);
    const past = await listed(seriesId, '?page=3');
    expect(past).toEqual({ items: [], total: REVIEWS_PAGE_SIZE + 2, has_more: false });
    expect((await list(seriesId, '?sort=best')).status).toBe(422);
    expect((await list(seriesId, '?page=0')).status).toBe(422);
    expect(third.id).toBeGreaterThan(second.id);
  });

  it('tells each caller whether they found a review helpful, visitors false', async () => {
    const seriesId = await newSeries();
    const review = await created(seriesId, await newUser());
    const [reader, other] = await Promise.all([newUser(), newUser()]);
    const marked = await helpful(review.id, reader.token);
    expect((await marked.json()) as HelpfulResult).toEqual({ helpful_count: 1, viewer_found_helpful: true });
    expect((await listed(seriesId, '', reader.token)).items[0]!.viewer_found_helpful).toBe(true);
    expect((await listed(seriesId, '', other.token)).items[0]!.viewer_found_helpful).toBe(false);
    expect((await listed(seriesId)).items[0]).toMatchObject({
      helpful_count: 1,
      viewer_found_helpful: false,
    });
  });

  it('counts one mark per reader: a repeated POST changes nothing, DELETE takes it back', async () => {
    const seriesId = await newSeries();
    const review = await created(seriesId, await newUser());
    const reader = await newUser();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await helpful(review.id, reader.token);
      expect(await response.json()).toEqual({ helpful_count: 1, viewer_found_helpful: true });
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await helpful(review.id, reader.token, 'DELETE');
      expect(await response.json()).toEqual({ helpful_count: 0, viewer_found_helpful: false });
    }
    expect(await markCount(review.id)).toBe(0);
  });

  it('refuses marking your own review helpful (403)', async () => {
    const seriesId = await newSeries();
    const author = await newUser();
    const review = await created(seriesId, author);
    await expectError(await helpful(review.id, author.token), 403, TEXTS.ownHelpful, CODES.ownHelpful);
    await expectError(
      await helpful(review.id, author.token, 'DELETE'),
      403,
      TEXTS.ownHelpful,
      CODES.ownHelpful,
    );
    expect(await markCount(review.id)).toBe(0);
  });

  it('keeps the count equal to the marks under parallel marks', async () => {
    const seriesId = await newSeries();
    const review = await created(seriesId, await newUser());
    const readers = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    // Every reader twice at once: ten marks, whatever the interleaving.
    const answers = await Promise.all(
      [...readers, ...readers].map(async (reader) => (await helpful(review.id, reader.token)).status),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await markCount(review.id)).toBe(10);
    expect((await listed(seriesId)).items[0]!.helpful_count).toBe(10);
    await Promise.all(readers.slice(0, 4).map((reader) => helpful(review.id, reader.token, 'DELETE')));
    expect(await markCount(review.id)).toBe(6);
  });

  it('lets the author edit their review, and nobody else (403)', async () => {
    const seriesId = await newSeries();
    const author = await newUser();
    const review = await created(seriesId, author);
    const newBody = text(300, 'edited');
    const response = await patch(review.id, author.token, { body_markdown: `  ${newBody} ` });
    expect(response.status).toBe(200);
    const edited = (await response.json()) as Review;
    expect(edited).toMatchObject({ id: review.id, body_markdown: newBody, spoiler: false });
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(Date.parse(review.updated_at));
    const flagged = (await (await patch(review.id, author.token, { spoiler: true })).json()) as Review;
    expect(flagged).toMatchObject({ body_markdown: newBody, spoiler: true });
    await expectError(
      await patch(review.id, author.token, { body_markdown: 'short' }),
      400,
      TEXTS.tooShort,
      CODES.tooShort,
    );
    await expectError(
      await patch(review.id, (await newUser()).token, { spoiler: false }),
      403,
      TEXTS.notYours,
    );
    // Admins delete, but do not edit, others' reviews.
    await expectError(await patch(review.id, admin.token, { spoiler: false }), 403, TEXTS.notYours);
    expect((await listed(seriesId)).items[0]).toMatchObject({ body_markdown: newBody, spoiler: true });
  });

  it('lets the author delete their review and an admin delete any; others get 403', async () => {
    const seriesId = await newSeries();
    const [author, other] = await Promise.all([newUser(), newUser()]);
    const own = await created(seriesId, author);
    const others = await created(seriesId, other);
    await expectError(await remove(own.id, other.token), 403, TEXTS.notYours, CODES.notYours);
    expect((await helpful(others.id, author.token)).status).toBe(200);
    expect((await remove(own.id, author.token)).status).toBe(204);
    await expectError(await remove(own.id, author.token), 404, TEXTS.notFound);
    expect((await remove(others.id, admin.token)).status).toBe(204);
    expect(await listed(seriesId)).toEqual({ items: [], total: 0, has_more: false });
    const [marks] = await queryRows<{ count: number }>(
      server.database.db,
      sql`select count(*)::int as count from review_helpful_marks where review_id = ${others.id}`,
    );
    expect(marks!.count).toBe(0);
    // The author may review the series again once theirs is gone.
    await created(seriesId, author);
  });

  it("deletes an account's reviews and takes its marks out of others' counts", async () => {
    const seriesId = await newSeries();
    const credentials = newCredentials('leaving');
    const leaving = await createUserWithToken(server, { credentials });
    const [stayer, reader] = await Promise.all([newUser(), newUser()]);
    const leavingReview = await created(seriesId, leaving);
    const stayingReview = await created(seriesId, stayer);
    expect((await helpful(leavingReview.id, reader.token)).status).toBe(200);
    expect((await helpful(stayingReview.id, leaving.token)).status).toBe(200);
    expect((await helpful(stayingReview.id, reader.token)).status).toBe(200);
    expect(await markCount(stayingReview.id)).toBe(2);

    const deleted = await server.request('/auth/me', {
      method: 'DELETE',
      token: leaving.token,
      json: { password: credentials.password },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    const after = await listed(seriesId);
    expect(after.items.map((review) => review.id)).toEqual([stayingReview.id]);
    expect(after.items[0]!.helpful_count).toBe(1);
    expect(await markCount(stayingReview.id)).toBe(1);
  });

  it('limits each user to 5 reviews per hour (429 with Retry-After), others unaffected', async () => {
    const series = await insertSeries(
      server,
      Array.from({ length: 7 }, (_, index) => ({ title: `Limited ${index}` })),
    );
    const prolific = await newUser();
    // A review refused for its length is not one of the hour's five.
    const tooShort = await post(series[0]!, prolific.token, { body_markdown: text(99) });
    expect(tooShort.status).toBe(400);
    for (const seriesId of series.slice(0, 5)) await created(seriesId, prolific);
    const limited = await post(series[5]!, prolific.token, { body_markdown: text(150) });
    await expectError(limited, 429, TEXTS.tooFast, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await listed(series[5]!)).total).toBe(0);
    await created(series[6]!, await newUser());
  });
  it("gives builds each series' three most helpful reviews and its count, paged by series id", async () => {
    const [withMany, withOne, without] = [await newSeries(), await newSeries(), await newSeries()];
    const authors = await Promise.all(Array.from({ length: 4 }, () => newUser()));
    const many: Review[] = [];
    for (const author of authors) many.push(await created(withMany, author, text(120), many.length === 0));
    const one = await created(withOne, authors[0]!);
    // The second-oldest gets two marks, the oldest one: they lead, then the newest.
    const readers = await Promise.all([newUser(), newUser()]);
    for (const reader of readers) expect((await helpful(many[1]!.id, reader.token)).status).toBe(200);
    expect((await helpful(many[0]!.id, readers[0]!.token)).status).toBe(200);

    const top = async (query: string) => {
      const response = await server.request(`/series/top-reviews${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as TopReviews;
    };
    const all = await top(`?after_id=${withMany - 1}`);
    expect(all.has_more).toBe(false);
    expect(all.items.map((item) => [item.series_id, item.total])).toEqual([
      [withMany, 4],
      [withOne, 1],
    ]);
    expect(all.items.some((item) => item.series_id === without)).toBe(false);
    const [manyTop, oneTop] = all.items;
    expect(manyTop!.top.map((review) => review.id)).toEqual([many[1]!.id, many[0]!.id, many[3]!.id]);
    expect(manyTop!.top[1]).toMatchObject({ spoiler: true, helpful_count: 1, viewer_found_helpful: false });
    expect(oneTop!.top).toEqual([{ ...one, viewer_found_helpful: false }]);
    // The same as a visitor's first page sorted by helpful.
    expect(manyTop!.top).toEqual((await listed(withMany)).items.slice(0, 3));

    const first = await top(`?after_id=${withMany - 1}&page_size=1`);
    expect(first).toEqual({ items: [manyTop], has_more: true });
    expect((await top(`?after_id=${withMany}&page_size=1`)).items).toEqual([oneTop]);
    expect((await server.request('/series/top-reviews?page_size=0')).status).toBe(422);
    expect((await server.request('/series/top-reviews?after_id=-1')).status).toBe(422);
  });
});
