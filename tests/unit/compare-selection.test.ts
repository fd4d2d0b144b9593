import { describe, expect, it } from 'vitest';
import {
  COMPARE_LIMIT_MESSAGE,
  compareHref,
  parseCompareIds,
  toggleCompare,
} from '../../src/features/compare/compare-selection';

describe('compare selection', () => {
  it('adds and removes series', () => {
    expect(toggleCompare([], 3)).toEqual({ kind: 'added', selection: [3] });
    expect(toggleCompare([3, 5], 3)).toEqual({ kind: 'removed', selection: [5] });
  });

  it('refuses a fifth series and keeps the four', () => {
    const four = [1, 2, 3, 4];
    expect(toggleCompare(four, 5)).toEqual({ kind: 'refused', selection: four });
    expect(toggleCompare(four, 4)).toEqual({ kind: 'removed', selection: [1, 2, 3] });
  });

  it('never changes the selection it is given', () => {
    const selection = [1, 2];
    toggleCompare(selection, 3);
    toggleCompare(selection, 1);
    expect(selection).toEqual([1, 2]);
  });

  it('reads ids from an address or storage: positive integers, once each, at most 4', () => {
    expect(parseCompareIds('3,17, 42')).toEqual([3, 17, 42]);
    expect(parseCompareIds('3,3,x,-1,0,1.5,9,10,11,12')).toEqual([3, 9, 10, 11]);
    expect(parseCompareIds([5, '6', null])).toEqual([5, 6]);
    expect(parseCompareIds(undefined)).toEqual([]);
    expect(parseCompareIds('')).toEqual([]);
  });

  it('makes a shareable address', () => {
    expect(compareHref([3, 17])).toBe('/compare?ids=3,17');
    expect(compareHref([])).toBe('/compare');
  });

  it('uses the fixed text for the limit', () => {
    expect(COMPARE_LIMIT_MESSAGE).toBe('You can only compare up to 4 series.');
  });
});
