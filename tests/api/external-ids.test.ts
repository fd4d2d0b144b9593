import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankedSeriesSchema, seriesDetailSchema } from '../../contract/catalogue';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartForm, solidImage } from './image-fixtures';

describe('external ids (mal_id, anilist_id, mangaupdates_id)', () => {
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
        title: `Linked ${titleCounter}`,
        genre: 'Action',
        type: 'MANGA',
        cover: { bytes: portraitPng, filename: 'cover.png' },
        ...fields,
      }),
    });
  }

  async function addedId(fields: Record<string, string> = {}): Promise<number> {
    const response = await addSeries(fields);
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  function editSeries(id: number, json: Record<string, unknown>) {
    return server.request(`/series/${id}`, { method: 'PUT', token: admin.token, json });
  }

  async function detail(id: number) {
    return seriesDetailSchema.strict().parse(await (await server.request(`/series-details/${id}`)).json());
  }

  async function rankingEntry(id: number) {
    const list = rankedSeriesSchema
      .array()
      .parse(await (await server.request('/series/rankings?page_size=100')).json());
    return list.find((entry) => entry.id === id);
  }

  it('stores the three ids when adding, and shows them in the answer, the rankings and the detail', async () => {
    const response = await addSeries({ mal_id: '2', anilist_id: '30002', mangaupdates_id: 'pb8uwds' });
    expect(response.status).toBe(201);
    const created = rankedSeriesSchema.strict().parse(await response.json());
    const ids = { mal_id: 2, anilist_id: 30002, mangaupdates_id: 'pb8uwds' };
    expect(created).toMatchObject(ids);
    expect(await rankingEntry(created.id)).toMatchObject(ids);
    expect(await detail(created.id)).toMatchObject(ids);
  });

  it('answers null for ids never set', async () => {
    const id = await addedId();
    expect(await rankingEntry(id)).toMatchObject({ mal_id: null, anilist_id: null, mangaupdates_id: null });
    expect(await detail(id)).toMatchObject({ mal_id: null, anilist_id: null, mangaupdates_id: null });
  });

  it('sets ids on an edit, keeps those not sent, and clears one sent empty', async () => {
    const id = await addedId({ mal_id: '11' });
    const set = await editSeries(id, { anilist_id: 4411, mangaupdates_id: 'abc123' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ mal_id: 11, anilist_id: 4411, mangaupdates_id: 'abc123' });

    const cleared = await editSeries(id, { mal_id: '', mangaupdates_id: null });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ mal_id: null, anilist_id: 4411, mangaupdates_id: null });
    expect(await detail(id)).toMatchObject({ mal_id: null, anilist_id: 4411, mangaupdates_id: null });
    expect(await rankingEntry(id)).toMatchObject({ mal_id: null, anilist_id: 4411, mangaupdates_id: null });

    // A cleared id is free for another series.
    expect((await addSeries({ mal_id: '11' })).status).toBe(201);
  });

  it.each([
    ['mal_id', '21', 'Another series already has this MyAnimeList id.'],
    ['anilist_id', '22', 'Another series already has this AniList id.'],
    ['mangaupdates_id', 'taken23', 'Another series already has this MangaUpdates id.'],
  ])('answers 409 when another series has the %s, adding or editing', async (field, value, text) => {
    const holder = await addedId({ [field]: value });
    const other = await addedId();

    const added = await addSeries({ [field]: value });
    expect(added.status).toBe(409);
    expect(await added.json()).toMatchObject({ detail: text, code: 'EXTERNAL_ID_TAKEN' });

    const edited = await editSeries(other, { title: 'Renamed', [field]: value });
    expect(edited.status).toBe(409);
    expect(await edited.json()).toMatchObject({ detail: text });
    // Nothing of the refused edit was written.
    expect(await detail(other)).toMatchObject({ [field]: null });
    expect((await detail(other)).title).not.toBe('Renamed');

    // Saving a series with its own id again is no clash.
    expect((await editSeries(holder, { [field]: value })).status).toBe(200);
  });

  it.each([
    ['mal_id', '0'],
    ['mal_id', '-5'],
    ['mal_id', '1.5'],
    ['mal_id', '0x10'],
    ['mal_id', '2147483648'],
    ['anilist_id', 'abc'],
    ['anilist_id', '01'],
    ['mangaupdates_id', 'ABC'],
    ['mangaupdates_id', 'has-dash'],
    ['mangaupdates_id', 'a'.repeat(21)],
  ])('answers 422 for %s %j', async (field, value) => {
    const id = await addedId();
    const edited = await editSeries(id, { [field]: value });
    expect(edited.status).toBe(422);
    const body = (await edited.json()) as { errors: { field: string }[] };
    expect(body.errors.map((error) => error.field)).toEqual([field]);

    const added = await addSeries({ [field]: value });
    expect(added.status).toBe(422);
  });
});
