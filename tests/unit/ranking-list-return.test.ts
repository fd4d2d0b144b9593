import { describe, expect, it } from 'vitest';
import {
  listReturnFrom,
  restoreAnswers,
  takeRestoredAnswer,
  type ListReturn,
} from '../../src/features/catalogue/list-return';

const HREF = 'http://localhost:4321/';

const kept: ListReturn = {
  href: HREF,
  list: 'ALL|1',
  source: { mode: 'ranked', view: '', fresh: false },
  pageCount: 2,
  answers: [
    ['series/rankings?ALL|ALL&page=2', []],
    ['series/rankings?ALL|ALL&page=3', []],
  ],
  anchor: { id: 42, top: 180, focus: true },
  scrollY: 5000,
};

describe('a ranked list kept in its history entry', () => {
  it('is restored only at the address and for the list it was kept for', () => {
    expect(listReturnFrom(kept, HREF, 'ALL|1')).toBe(kept);
    // Another address (a search pushed since), another list on it, or another page of the list.
    expect(listReturnFrom(kept, `${HREF}?search=solo`, 'ALL|1')).toBeUndefined();
    expect(listReturnFrom(kept, HREF, 'MANHWA|1')).toBeUndefined();
    expect(listReturnFrom(kept, HREF, 'ALL|2')).toBeUndefined();
  });

  it('ignores whatever else a history entry may hold', () => {
    for (const value of [
      undefined,
      null,
      'text',
      3,
      {},
      { ...kept, answers: 'x' },
      { ...kept, source: null },
    ]) {
      expect(listReturnFrom(value, HREF, 'ALL|1')).toBeUndefined();
    }
    expect(listReturnFrom({ ...kept, scrollY: undefined }, HREF, 'ALL|1')).toBeUndefined();
  });

  it('gives each restored answer to its fetcher once; the next read asks the API', () => {
    const page = [{ id: 1 }];
    restoreAnswers([['series/rankings?ALL|ALL&page=2', page]]);
    expect(takeRestoredAnswer('series/rankings?ALL|ALL&page=2')).toBe(page);
    expect(takeRestoredAnswer('series/rankings?ALL|ALL&page=2')).toBeUndefined();
    expect(takeRestoredAnswer('series/rankings?ALL|ALL&page=9')).toBeUndefined();
  });
});
