import { describe, expect, it } from 'vitest';
import { spreadForWorkers } from '../../src/features/render-workers/render-order';

const isList = (page: string) => page.startsWith('list');

describe('spreadForWorkers', () => {
  it('spreads the pages any thread may render evenly among the main thread’s, each group in order', () => {
    const pages = ['series-1', 'series-2', 'series-3', 'series-4', 'list-1', 'list-2'];
    expect(spreadForWorkers(pages, isList)).toEqual([
      'series-1',
      'series-2',
      'list-1',
      'series-3',
      'series-4',
      'list-2',
    ]);
  });

  it('keeps every page once, whatever the proportions', () => {
    const pages = [
      ...Array.from({ length: 7 }, (_, index) => `series-${index}`),
      ...Array.from({ length: 30 }, (_, index) => `list-${index}`),
    ];
    const spread = spreadForWorkers(pages, isList);
    expect([...spread].sort()).toEqual([...pages].sort());
    expect(spread.filter(isList)).toEqual(pages.filter(isList));
    expect(spread.filter((page) => !isList(page))).toEqual(pages.filter((page) => !isList(page)));
    // The first main-thread page is followed by its share of the list pages, not all of them.
    expect(spread.indexOf('series-1')).toBeLessThan(12);
  });

  it('leaves the order alone when one group is empty', () => {
    expect(spreadForWorkers(['list-2', 'list-1'], isList)).toEqual(['list-2', 'list-1']);
    expect(spreadForWorkers(['series-2', 'series-1'], isList)).toEqual(['series-2', 'series-1']);
  });
});
