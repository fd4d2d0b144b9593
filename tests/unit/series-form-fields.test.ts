import { describe, expect, it } from 'vitest';
import { ALT_TITLE_TOO_LONG, ALT_TITLES_TOO_MANY } from '../../contract/catalogue-values';
import {
  altTitleLines,
  altTitlesProblem,
  initialFields,
  optionalFieldProblem,
  optionalFieldsProblem,
} from '../../src/features/catalogue-admin/series-form-fields';
import { rankedSeries } from './series-fixture';

describe("the admin's series form", () => {
  it('starts an edit from the series, its chapter and volume counts included', () => {
    const fields = initialFields({ kind: 'edit', series: rankedSeries(3, { chapters: 150, volumes: null }) });
    expect(fields).toMatchObject({ chapters: '150', volumes: '' });
    expect(initialFields({ kind: 'add' })).toMatchObject({ chapters: '', volumes: '' });
  });

  it('takes a count from 1 to 100000, or empty to clear it', () => {
    for (const value of ['', '1', '150', '100000'])
      expect(optionalFieldProblem('chapters', value)).toBe(false);
    for (const value of ['0', '-3', '1.5', '100001', '12 volumes', '1e3', '9999999999']) {
      expect(optionalFieldProblem('volumes', value)).toBe(true);
    }
  });

  it('names the first field the API would refuse, in the words of the contract', () => {
    const fields = { ...initialFields({ kind: 'add' }), chapters: '0', volumes: 'x' };
    expect(optionalFieldsProblem(fields)).toBe('Chapters must be a whole number from 1 to 100000, or empty.');
    expect(optionalFieldsProblem({ ...fields, chapters: '150' })).toBe(
      'Volumes must be a whole number from 1 to 100000, or empty.',
    );
    expect(optionalFieldsProblem({ ...fields, mal_id: 'abc' })).toBe(
      'MyAnimeList id must be a positive integer.',
    );
    expect(optionalFieldsProblem({ ...fields, chapters: '', volumes: '12' })).toBeNull();
  });

  it('starts an edit from the alternative titles, one per line', () => {
    const series = rankedSeries(3, { alt_titles: ['Na Honjaman Level Up', '나 혼자만 레벨업'] });
    expect(initialFields({ kind: 'edit', series }).alt_titles).toBe('Na Honjaman Level Up\n나 혼자만 레벨업');
    expect(initialFields({ kind: 'add' }).alt_titles).toBe('');
  });

  it('sends the alternative titles trimmed, without blank lines or repeats', () => {
    expect(altTitleLines('  Solo Leveling \n\n\r\nsolo leveling\n나 혼자만 레벨업\r\n')).toEqual([
      'Solo Leveling',
      '나 혼자만 레벨업',
    ]);
    expect(altTitleLines('')).toEqual([]);
  });

  it('refuses more than 20 alternative titles, or one over 200 characters, as the API does', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => `Title ${index}`).join('\n');
    expect(altTitlesProblem(lines(20))).toBeNull();
    expect(altTitlesProblem(lines(21))).toBe(ALT_TITLES_TOO_MANY);
    expect(altTitlesProblem('界'.repeat(200))).toBeNull();
    expect(altTitlesProblem(`ok\n${'a'.repeat(201)}`)).toBe(ALT_TITLE_TOO_LONG);
  });
});
