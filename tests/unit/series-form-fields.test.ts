import { describe, expect, it } from 'vitest';
import {
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
});
