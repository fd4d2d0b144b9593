import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../src/features/accounts/session-store';
import type { SeriesDetail } from '../../src/features/catalogue/catalogue-types';
import { seriesDetailKey } from '../../src/features/series/series-detail-query';
import { castBallot } from '../../src/features/voting/voting-api';
import { $ballot } from '../../src/features/voting/voting-queries';
import { createFetcherStore } from '../../src/lib/query';

// The ballot's HTTP call, answered here: what is tested is what the cache shows before and after it.
vi.mock('../../src/features/voting/voting-api', () => ({ castBallot: vi.fn() }));
const cast = vi.mocked(castBallot);

const user: SessionUser = { id: 7, username: 'reader', role: 'USER' } as SessionUser;

function detail(artTotal: number, artCount: number, mine: Record<string, number>): SeriesDetail {
  const zero = { total: 0, count: 0 };
  const tallies = {
    story: zero,
    characters: zero,
    worldbuilding: zero,
    art: { total: artTotal, count: artCount },
  };
  return {
    series_id: 1,
    ...Object.fromEntries(
      ['story', 'characters', 'worldbuilding', 'art', 'drama_or_fight'].flatMap((field) => [
        [`${field}_total`, tallies[field as keyof typeof tallies]?.total ?? 0],
        [`${field}_count`, tallies[field as keyof typeof tallies]?.count ?? 0],
      ]),
    ),
    vote_counts: { Story: 0, Characters: 0, 'World Building': 0, Art: artCount, 'Drama / Fighting': 0 },
    vote_scores: mine,
    score_distribution: Object.fromEntries(
      ['story', 'characters', 'worldbuilding', 'art', 'drama_or_fight'].map((field) => [
        field,
        Array(10).fill(0),
      ]),
    ),
    final_score: 7.1,
    mean_score: artCount ? artTotal / artCount : null,
    vote_count: artCount,
    rank: 12,
  } as unknown as SeriesDetail;
}

/** What every island watching the series' detail (as this reader sees it) is shown, once read. */
async function watchDetail(loaded: SeriesDetail) {
  const store = createFetcherStore<SeriesDetail>(seriesDetailKey(loaded.series_id, user), {
    fetcher: async () => loaded,
    dedupeTime: Infinity,
    revalidateOnFocus: false,
  });
  store.listen(() => {});
  await vi.waitFor(() => expect(store.get().data).toBe(loaded));
  return () => store.get().data;
}

describe('the ballot in the query cache', () => {
  beforeEach(() => {
    cast.mockReset();
    $ballot.listen(() => {});
  });

  it('shows the ballot at once, then the API answer', async () => {
    const before = detail(16, 2, {});
    const shown = await watchDetail(before);
    let answer!: (value: Awaited<ReturnType<typeof castBallot>>) => void;
    cast.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const sent = $ballot.mutate({ seriesId: 1, user, picks: { Art: 9 } });
    await vi.waitFor(() => expect(cast).toHaveBeenCalledWith(1, { art: 9 }));
    expect(shown()).toMatchObject({ art_total: 25, art_count: 3, vote_count: 3, vote_scores: { Art: 9 } });
    expect($ballot.get().loading).toBe(true);

    const fromApi = { ...detail(25, 3, { Art: 9 }), final_score: 7.3, rank: 10 };
    answer({ recorded: ['art'], already_voted: [], detail: fromApi });
    expect(await sent).toMatchObject({ recorded: ['art'] });
    expect(shown()).toMatchObject({ final_score: 7.3, rank: 10, vote_scores: { Art: 9 } });
    expect($ballot.get().loading).toBe(false);
  });

  it('puts the detail back as it was when the ballot fails, and keeps the error', async () => {
    const before = { ...detail(16, 2, { Story: 4 }), series_id: 2 };
    const shown = await watchDetail(before);
    const offline = Object.assign(new Error('fetch failed'), { status: undefined });
    cast.mockRejectedValue(offline);

    expect(await $ballot.mutate({ seriesId: 2, user, picks: { Art: 9 } })).toBeUndefined();
    expect(shown()).toEqual(before);
    expect($ballot.get().error).toBe(offline);
  });
});
