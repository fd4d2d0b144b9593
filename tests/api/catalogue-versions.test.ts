import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_IDS_MAX,
  catalogueVersionsSchema,
  cataloguePageSchema,
  type CatalogueVersions,
} from '../../contract/catalogue';
import { series, seriesDetails, VOTE_CATEGORIES } from '../../api/db/schema';
import { readCatalogue, type CatalogueRead } from '../../src/features/catalogue/catalogue-source';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

/*
 * Each series' version (GET /series/catalogue-versions) changes with any write of its own rows and with
 * nothing else, and a build that keeps the details it read before and reads again only the changed ones
 * ends up with the same catalogue as one that reads everything.
 */

describe('catalogue versions', () => {
  let server: TestServer;
  let ids: number[] = [];

  beforeAll(async () => {
    server = await startTestServer({ RANKING_MIN_VOTERS: '1' });
    ids = await insertSeries(
      server,
      Array.from({ length: 7 }, (_, index) => ({
        title: `Series ${index + 1}`,
        genre: index % 2 ? 'Drama' : 'Action, Drama',
        score: 4 + index,
        voters: index + 1,
        synopsis: `Synopsis ${index + 1}`,
      })),
    );
  });
  afterAll(() => server.close());

  async function versions(query = ''): Promise<CatalogueVersions> {
    const response = await server.request(`/series/catalogue-versions${query}`);
    expect(response.status).toBe(200);
    return catalogueVersionsSchema.strict().parse(await response.json());
  }

  const versionMap = async () => new Map((await versions()).items.map(({ id, version }) => [id, version]));

  it('lists every series once, in id order, in pages after an id', async () => {
    const all = await versions();
    expect(all.items.map(({ id }) => id)).toEqual(ids);
    expect(all.has_more).toBe(false);
    const first = await versions('?page_size=3');
    expect(first.items.map(({ id }) => id)).toEqual(ids.slice(0, 3));
    expect(first.has_more).toBe(true);
    const next = await versions(`?after_id=${ids[2]}&page_size=3`);
    expect(next.items.map(({ id }) => id)).toEqual(ids.slice(3, 6));
    expect(next.basis).toBe(first.basis);
    expect((await server.request('/series/catalogue-versions?page_size=10001')).status).toBe(422);
  });

  it("changes a series' version when its own rows are written, and no other's", async () => {
    const before = await versionMap();
    const { token } = await createUserWithToken(server);
    const voted = ids[1]!;
    const response = await server.request(`/series-details/${voted}/vote`, {
      method: 'POST',
      token,
      json: { category: VOTE_CATEGORIES[0], score: 10 },
    });
    expect(response.status).toBe(200);
    // A write by SQL alone, as an admin script would make it, with nobody telling the API.
    const edited = ids[4]!;
    await server.database.db
      .update(seriesDetails)
      .set({ synopsis: 'Rewritten by hand.' })
      .where(eq(seriesDetails.seriesId, edited));
    const after = await versionMap();
    expect([...after.keys()]).toEqual(ids);
    expect(ids.filter((id) => after.get(id) !== before.get(id))).toEqual([voted, edited]);
  });

  it('reads details by id, in id order, leaving out ids that name nothing', async () => {
    const response = await server.request(`/series/catalogue?ids=${ids[3]},${ids[0]},999999`);
    expect(response.status).toBe(200);
    const page = cataloguePageSchema.parse(await response.json());
    expect(page.items.map((detail) => detail.series_id)).toEqual([ids[0], ids[3]]);
    expect(page.has_more).toBe(false);
    const tooMany = Array.from({ length: CATALOGUE_IDS_MAX + 1 }, (_, index) => index + 1).join(',');
    expect((await server.request(`/series/catalogue?ids=${tooMany}`)).status).toBe(422);
    expect((await server.request('/series/catalogue?ids=1,x')).status).toBe(422);
  });

  /** A read as a build makes it, without the parts that say when and how it was made. */
  const comparable = ({ snapshot }: CatalogueRead) => ({ ...snapshot, generated_at: '' });

  it('keeps the details of unchanged series and reads the rest, to the same catalogue as a full read', async () => {
    const previous = await readCatalogue(server.url);
    expect(previous.detailsRead).toEqual({ count: ids.length, all: true, reason: 'no details kept' });

    // Nothing changed: nothing read again, and the kept details are the file they were read from, as it is.
    const keptFile = '/previous/output/.build-details.json';
    const unchanged = await readCatalogue(server.url, { ...previous.details, file: keptFile });
    expect(unchanged.detailsRead).toEqual({ count: 0, all: false });
    expect(comparable(unchanged)).toEqual(comparable(previous));
    expect(unchanged.details.file).toBe(keptFile);
    expect(unchanged.sameAsKept).toBe(true);
    // The same details, but another order or lists read with them: not the previous build's inputs.
    const otherRest = await readCatalogue(server.url, {
      ...previous.details,
      cataloguePrint: 'other',
      file: keptFile,
    });
    expect(otherRest.detailsRead).toEqual({ count: 0, all: false });
    expect(otherRest.sameAsKept).toBe(false);
    expect(otherRest.details.file).toBeUndefined();

    // A vote (which moves ranks and the catalogue's means), an edit by SQL, a new series and a deletion;
    // then the priors recomputed, so every final score moves.
    const { token } = await createUserWithToken(server);
    for (const category of VOTE_CATEGORIES) {
      await server.request(`/series-details/${ids[0]}/vote`, {
        method: 'POST',
        token,
        json: { category, score: 10 },
      });
    }
    await server.database.db.update(series).set({ title: 'Renamed' }).where(eq(series.id, ids[2]!));
    const [added] = await insertSeries(server, [{ title: 'Added', score: 9, voters: 3 }]);
    await server.database.db.delete(series).where(eq(series.id, ids[6]!));
    server.app.catalogue.invalidate();
    expect(await server.app.ranking.recompute()).toEqual({ ran: true, changed: true });

    const incremental = await readCatalogue(server.url, { ...previous.details, file: keptFile });
    const full = await readCatalogue(server.url);
    expect(incremental.detailsRead).toEqual({ count: 3, all: false });
    expect(incremental.details.file).toBeUndefined();
    expect(incremental.sameAsKept).toBe(false);
    expect(comparable(incremental)).toEqual(comparable(full));
    expect(incremental.snapshot.series.map(({ series: entry }) => entry.id)).toEqual([
      ...ids.slice(0, 6),
      added,
    ]);
    const finalScores = (read: CatalogueRead) => read.snapshot.series.map(({ detail }) => detail.final_score);
    expect(finalScores(incremental).slice(3, 6)).not.toEqual(finalScores(previous).slice(3, 6));
    // The versions kept for next time are today's: another read right after reads nothing again.
    const again = await readCatalogue(server.url, { ...incremental.details, file: keptFile });
    expect(again.detailsRead).toEqual({ count: 0, all: false });
    expect(again.details.file).toBe(keptFile);
    // Kept while another series' votes moved its final score: the same versions, but not the same file.
    const byId = new Map(again.details.byId);
    const moved = byId.get(ids[3]!)!;
    byId.set(ids[3]!, { ...moved, detail: { ...moved.detail, final_score: moved.detail.final_score + 0.5 } });
    const scoreMoved = await readCatalogue(server.url, { ...again.details, byId, file: keptFile });
    expect(scoreMoved.detailsRead).toEqual({ count: 0, all: false });
    expect(scoreMoved.details.file).toBeUndefined();
    expect(scoreMoved.sameAsKept).toBe(false);
  });

  it('reads every detail when the kept ones are of another API or a day old', async () => {
    const { details } = await readCatalogue(server.url);
    expect((await readCatalogue(server.url, { ...details, basis: 'other' })).detailsRead.all).toBe(true);
    const dayLater = Date.parse(details.fullReadAt) + 24 * 60 * 60 * 1000;
    const stale = await readCatalogue(server.url, details, dayLater);
    expect(stale.detailsRead).toEqual({
      count: details.byId.size,
      all: true,
      reason: 'the last full read is a day old',
    });
  });
});

describe('a full read of more series than a request holds', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('reads each series once, by id in several requests at a time, in id order', async () => {
    server = await startTestServer();
    const count = CATALOGUE_IDS_MAX * 2 + 3;
    const ids = await insertSeries(
      server,
      Array.from({ length: count }, (_, index) => ({ title: `Series ${index + 1}`, score: 5, voters: 1 })),
    );
    const read = await readCatalogue(server.url);
    expect(read.detailsRead).toEqual({ count, all: true, reason: 'no details kept' });
    expect(read.snapshot.series.map(({ series: entry }) => entry.id)).toEqual(ids);
    expect(read.snapshot.series.map(({ detail }) => detail.title)).toEqual(
      ids.map((_, i) => `Series ${i + 1}`),
    );
  });
});
