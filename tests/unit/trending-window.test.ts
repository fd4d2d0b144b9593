import { describe, expect, it } from 'vitest';
import { trendingWindowStart } from '../../api/catalogue/service';

describe('the trending window', () => {
  it('starts seven days before the start of the current day (UTC), the same all day', () => {
    const morning = Date.parse('2026-11-27T00:00:01Z');
    const evening = Date.parse('2026-11-27T23:59:59Z');
    expect(new Date(trendingWindowStart(morning)).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(trendingWindowStart(evening)).toBe(trendingWindowStart(morning));
    expect(new Date(trendingWindowStart(Date.parse('2026-11-28T00:00:00Z'))).toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
  });
});
