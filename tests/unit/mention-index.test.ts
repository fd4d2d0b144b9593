import { describe, expect, it } from 'vitest';
import { MentionIndex } from '../../api/forum/mention-index';
import { SeededRandom } from '../../scripts/demo/seeded-random';

/** What the index must answer, the plain way: walk the ranking and test every title. */
function reference(ranking: { id: number; title: string }[], needle: string, limit: number) {
  const starts: number[] = [];
  const contains: number[] = [];
  for (const series of ranking) {
    const title = series.title.toLowerCase();
    if (title.startsWith(needle)) starts.push(series.id);
    else if (title.includes(needle)) contains.push(series.id);
  }
  return { starts: starts.slice(0, limit), contains: contains.slice(0, limit) };
}

const WORDS = ['Dragon', 'Tower', 'Blade', 'moon', 'Return', 'of', 'the', 'Ä', 'Zero', 'x', 'Side Story'];

function catalogue(size: number, seed: number) {
  const random = new SeededRandom(seed);
  const series = Array.from({ length: size }, (_, index) => ({
    // Sparse, shuffled ids: the index must not rely on dense ones.
    id: 3 + index * 7,
    title: Array.from({ length: random.int(1, 4) }, () => random.pick(WORDS)).join(' '),
  }));
  // A ranking order unrelated to ids or titles.
  const ranking = random.sample(series, series.length);
  const positions = new Map(ranking.map((entry, index) => [entry.id, index]));
  return { series, ranking, position: (id: number) => positions.get(id) };
}

describe('MentionIndex', () => {
  it('finds the best ranked titles starting with and containing a text, as a scan of the ranking does', () => {
    const { series, ranking, position } = catalogue(3000, 5);
    const index = new MentionIndex(series);
    const entries = ranking.map((entry) => ({ series: entry }));
    for (const needle of [
      'd',
      'dragon',
      'dragon t',
      'o',
      'of the',
      'ä',
      'story',
      'zero x',
      'e',
      'nothing',
      'x',
    ]) {
      const expected = reference(ranking, needle, 11);
      expect(index.startingWith(needle, position, 11), needle).toEqual(expected.starts);
      expect(index.containing(needle, position, 11, entries), needle).toEqual(expected.contains);
    }
  });

  it('answers common texts (more matches than it ranks one by one) from the ranking, in its order', () => {
    const { series, ranking, position } = catalogue(5000, 9);
    const index = new MentionIndex(series);
    const entries = ranking.map((entry) => ({ series: entry }));
    // "o" is in most titles (Tower, moon, of, Story, Zero...): thousands of matches.
    const matches = series.filter((s) => s.title.toLowerCase().slice(1).includes('o')).length;
    expect(matches).toBeGreaterThan(1000);
    expect(index.containing('o', position, 11, entries)).toEqual(reference(ranking, 'o', 11).contains);
  });

  it('matches nothing for a text with a line break, and everything starts with an empty text', () => {
    const { series, ranking, position } = catalogue(50, 2);
    const index = new MentionIndex(series);
    expect(index.containing('dragon\ntower', position, 10, [])).toEqual([]);
    expect(index.startingWith('', position, 5)).toEqual(ranking.slice(0, 5).map((s) => s.id));
  });

  it('leaves out series the ranking does not place', () => {
    const index = new MentionIndex([
      { id: 1, title: 'Dragon' },
      { id: 2, title: 'Dragon Tower' },
    ]);
    expect(index.startingWith('dragon', (id) => (id === 2 ? 0 : undefined), 10)).toEqual([2]);
  });
});
