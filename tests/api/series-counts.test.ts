import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankedSeriesSchema, SERIES_COUNT_MESSAGE, seriesDetailSchema } from '../../contract/catalogue';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartForm, solidImage } from './image-fixtures';

/* A series' published chapter and volume counts: set by the admin forms, shown on every series answer. */

describe('chapter and volume counts of a series', () => {
  let server: TestServer;
  let admin: { token: string };
  let portraitPng: Buffer;
  let titleCounter = 0;

  beforeAll(async () => {
    server = await startTestServer({ MEDIA_DELETE_GRACE: '0' });
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    portraitPng = await solidImage(200, 300, 'png');
  });
  afterAll(() => server.close());

  function addSeries(fields: Record<string, string> = {}) {
    titleCounter += 1;
    return server.request('/series/', {
      method: 'POST',
      token: admin.token,
      body: multipartForm({
        title: `Counted ${titleCounter}`,
        genre: 'Action',
        type: 'MANHWA',
        cover: { bytes: portraitPng, filename: 'cover.png' },
        ...fields,
      }),
    });
  }

  async function addedId(fields: Record<string, string> = {}): Promise<number> {
    const response = await addSeries(fields);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  const editSeries = (id: number, json: Record<string, unknown>) =>
    server.request(`/series/${id}`, { method: 'PUT', token: admin.token, json });

  async function detail(id: number) {
    return seriesDetailSchema.strict().parse(await (await server.request(`/series-details/${id}`)).json());
  }

  async function rankingEntry(id: number) {
    const list = rankedSeriesSchema
      .strict()
      .array()
      .parse(await (await server.request('/series/rankings?page_size=100')).json());
    return list.find((entry) => entry.id === id);
  }

  it('stores both counts when adding and shows them in the answer, the rankings and the detail', async () => {
    const response = await addSeries({ chapters: '179', volumes: '14' });
    expect(response.status).toBe(201);
    const created = rankedSeriesSchema.strict().parse(await response.json());
    expect(created).toMatchObject({ chapters: 179, volumes: 14 });
    expect(await rankingEntry(created.id)).toMatchObject({ chapters: 179, volumes: 14 });
    expect(await detail(created.id)).toMatchObject({ chapters: 179, volumes: 14 });
  });

  it('answers null for counts never set, and takes the bounds 1 and 100000', async () => {
    const id = await addedId();
    expect(await detail(id)).toMatchObject({ chapters: null, volumes: null });
    expect(await rankingEntry(id)).toMatchObject({ chapters: null, volumes: null });
    const bounds = await editSeries(id, { chapters: 100000, volumes: '1' });
    expect(bounds.status).toBe(200);
    expect(await bounds.json()).toMatchObject({ chapters: 100000, volumes: 1 });
  });

  it('sets a count on an edit, keeps the one not sent, and clears one sent empty or null', async () => {
    const id = await addedId({ chapters: '50', volumes: '5' });
    const raised = await editSeries(id, { chapters: 61 });
    expect(await raised.json()).toMatchObject({ chapters: 61, volumes: 5 });
    expect(await detail(id)).toMatchObject({ chapters: 61, volumes: 5 });

    const cleared = await editSeries(id, { volumes: '' });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ chapters: 61, volumes: null });
    expect(await rankingEntry(id)).toMatchObject({ chapters: 61, volumes: null });
    expect((await editSeries(id, { chapters: null })).status).toBe(200);
    expect(await detail(id)).toMatchObject({ chapters: null, volumes: null });
  });

  it.each([
    ['chapters', '0'],
    ['chapters', '-1'],
    ['chapters', '100001'],
    ['chapters', 'abc'],
    ['chapters', '1.5'],
    ['volumes', '0'],
    ['volumes', '-1'],
    ['volumes', '100001'],
    ['volumes', 'abc'],
    ['volumes', '1.5'],
    ['volumes', '1e3'],
  ])('answers 422 for %s %j, adding or editing, and writes nothing', async (field, value) => {
    const id = await addedId({ chapters: '10', volumes: '2' });
    const label = field === 'chapters' ? 'Chapters' : 'Volumes';
    // As form text, and as a JSON number where the text spells one ("1e3" as JSON is 1000, a valid count).
    for (const sent of String(Number(value)) === value ? [value, Number(value)] : [value]) {
      const edited = await editSeries(id, { title: 'Renamed', [field]: sent });
      expect(edited.status).toBe(422);
      const body = (await edited.json()) as { detail: string; code: string; errors: { field: string }[] };
      expect(body.errors.map((error) => error.field)).toEqual([field]);
      expect(body.detail).toBe(`${label} ${SERIES_COUNT_MESSAGE}`);
      expect(body.code).toBe('VALIDATION_FAILED');
    }
    expect(await detail(id)).toMatchObject({ chapters: 10, volumes: 2 });
    expect((await detail(id)).title).not.toBe('Renamed');

    const added = await addSeries({ [field]: value });
    expect(added.status).toBe(422);
    expect(((await added.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      field,
    ]);
  });

  it('refuses a count sent as JSON true or an object', async () => {
    const id = await addedId();
    for (const sent of [true, { n: 3 }, [3]]) {
      const edited = await editSeries(id, { chapters: sent });
      expect(edited.status, JSON.stringify(sent)).toBe(422);
    }
  });
});
