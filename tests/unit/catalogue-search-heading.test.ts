import { describe, expect, it } from 'vitest';
import { searchResultsHeading } from '../../src/features/catalogue/list-copy';

describe('the search results heading', () => {
  it('is "Results for “{term}”" with the count', () => {
    expect(searchResultsHeading('solo', 12)).toEqual({ title: 'Results for “solo”', count: '12 results' });
    expect(searchResultsHeading('Solo Leveling', 1)).toEqual({
      title: 'Results for “Solo Leveling”',
      count: '1 result',
    });
    expect(searchResultsHeading('zzz', 0)).toEqual({ title: 'Results for “zzz”', count: '0 results' });
  });

  it('has no count until the results are there', () => {
    expect(searchResultsHeading('solo', undefined)).toEqual({
      title: 'Results for “solo”',
      count: undefined,
    });
  });
});
