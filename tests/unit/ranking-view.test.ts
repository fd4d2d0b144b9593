import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  matchesView,
  rankingsParams,
  sameView,
  searchOfView,
  stripGenre,
  viewDescription,
  viewFromSearch,
  viewKey,
  viewOfKey,
  type RankingView,
} from '../../src/features/catalogue/ranking-view';
import { rankedSeries } from './series-fixture';

const view = (parts: Partial<RankingView>): RankingView => ({ ...DEFAULT_VIEW, ...parts });

describe('a view of a ranked list in the address', () => {
  it('reads the order, the status and the genres to include and exclude', () => {
    expect(viewFromSearch('?sort=popular&status=ongoing&genre=Action,%20Drama&not=Horror')).toEqual({
      sort: 'popular',
      status: 'ONGOING',
      genres: ['Action', 'Drama'],
      not: ['Horror'],
    });
    expect(viewFromSearch('')).toEqual(DEFAULT_VIEW);
    expect(viewFromSearch('?search=solo')).toEqual(DEFAULT_VIEW);
  });

  it('ignores what it does not know, and names a genre once', () => {
    expect(viewFromSearch('?sort=random&status=lost&genre=ALL,,Action,action')).toEqual(
      view({ genres: ['Action'] }),
    );
    expect(viewFromSearch('?status=season%20end').status).toBe('SEASON_END');
  });

  it('writes only what differs from the page’s own view, and reads it back', () => {
    const chosen = view({
      sort: 'trending',
      status: 'COMPLETE',
      genres: ['Action', 'Slice of Life'],
      not: ['Gore'],
    });
    const search = searchOfView(chosen);
    expect(search).toBe('?sort=trending&status=COMPLETE&genre=Action,Slice+of+Life&not=Gore');
    expect(viewFromSearch(search)).toEqual(chosen);
    expect(searchOfView(DEFAULT_VIEW)).toBe('');
  });

  it('on a genre page, the page’s genre is not written, and clearing it is', () => {
    const action = view({ genres: ['Action'] });
    expect(searchOfView(view({ genres: ['Action'], sort: 'newest' }), action)).toBe('?sort=newest');
    expect(searchOfView(DEFAULT_VIEW, action)).toBe('?genre=');
    expect(viewFromSearch('?genre=', action)).toEqual(DEFAULT_VIEW);
    expect(viewFromSearch('?sort=title', action)).toEqual(view({ genres: ['Action'], sort: 'title' }));
    // On /popular, the order is the page's: choosing Top rated writes it.
    expect(searchOfView(DEFAULT_VIEW, view({ sort: 'popular' }))).toBe('?sort=score');
  });

  it('one key per view, the same however the address spelled it', () => {
    const a = viewFromSearch('?genre=action&sort=POPULAR');
    expect(viewKey(a)).toBe('sort=popular&genre=action');
    expect(viewOfKey(viewKey(a))).toEqual(a);
    expect(viewKey(DEFAULT_VIEW)).toBe('');
    expect(sameView(a, view({ sort: 'popular', genres: ['Action'] }))).toBe(true);
  });
});

describe('a view asked of the API and applied to search results', () => {
  it('sends only what is not the default', () => {
    expect(rankingsParams(DEFAULT_VIEW)).toEqual({});
    expect(
      rankingsParams(view({ sort: 'newest', status: 'HIATUS', genres: ['A', 'B'], not: ['C'] })),
    ).toEqual({
      sort: 'newest',
      status: 'HIATUS',
      genre: 'A,B',
      not: 'C',
    });
  });

  it('keeps series with every genre included, none excluded and the status', () => {
    const both = rankedSeries(1, { genre: 'Action, Drama', status: 'ONGOING' });
    const gory = rankedSeries(2, { genre: 'Action, Gore', status: 'COMPLETE' });
    expect(matchesView(both, view({ genres: ['action', 'drama'] }))).toBe(true);
    expect(matchesView(gory, view({ genres: ['Action', 'Drama'] }))).toBe(false);
    expect(matchesView(gory, view({ not: ['gore'] }))).toBe(false);
    expect(matchesView(gory, view({ status: 'ONGOING' }))).toBe(false);
    expect(matchesView(gory, DEFAULT_VIEW)).toBe(true);
  });

  it('the genre strip shows one included genre as chosen, ALL for none', () => {
    expect(stripGenre(DEFAULT_VIEW)).toBe('ALL');
    expect(stripGenre(view({ genres: ['Drama'] }))).toBe('Drama');
    expect(stripGenre(view({ genres: ['Drama', 'Action'] }))).toBe('');
  });

  it('names the view in words for the live region', () => {
    expect(viewDescription(DEFAULT_VIEW)).toBe('all genres');
    expect(viewDescription(view({ genres: ['Drama'] }))).toBe('Drama');
    expect(viewDescription(view({ sort: 'popular', not: ['Gore'], status: 'SEASON_END' }))).toBe(
      'Most popular, not Gore, SEASON END',
    );
  });
});
