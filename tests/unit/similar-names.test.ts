import { describe, expect, it } from 'vitest';
import { MATCH_TIERS } from '../../api/catalogue/relevance';
import { matchedTitle, similarSeries } from '../../api/catalogue/similar-names';

const having = new Map<string, number[]>([
  ['solo', [1, 2, 3]],
  ['leveling', [1, 4]],
  ['level', [2, 5]],
  ['tower', [6, 7]],
]);

describe('similarSeries', () => {
  it('needs every word of the term, through one of its corrections, in any name', () => {
    const found = similarSeries(
      [
        [{ word: 'solo', similarity: 1 }],
        [
          { word: 'leveling', similarity: 0.5 },
          { word: 'level', similarity: 0.4 },
        ],
      ],
      having,
      0.6,
    );
    // 1 has solo and leveling (mean 0.75), 2 solo and level (0.7); 3 lacks the second word, 4 and 5 the first.
    expect(found).toEqual([
      { id: 1, tier: MATCH_TIERS.similar, similarity: 0.75 },
      { id: 2, tier: MATCH_TIERS.similar, similarity: 0.7 },
    ]);
  });

  it('counts the best correction a series has of each word, and leaves out a mean under the threshold', () => {
    const corrections = [
      [
        { word: 'level', similarity: 0.55 },
        { word: 'leveling', similarity: 0.7 },
      ],
    ];
    expect(similarSeries(corrections, having, 0.6).map(({ id }) => id)).toEqual([1, 4]);
    expect(similarSeries(corrections, having, 0.5).map(({ id, similarity }) => [id, similarity])).toEqual([
      [2, 0.55],
      [5, 0.55],
      [1, 0.7],
      [4, 0.7],
    ]);
  });

  it('keeps a mean equal to the threshold as float4 settings and values round it', () => {
    expect(similarSeries([[{ word: 'tower', similarity: 0.6 }]], having, 0.6000000238418579)).toHaveLength(2);
  });

  it('finds nothing for a word no name has, or no words', () => {
    expect(similarSeries([[{ word: 'absent', similarity: 0.9 }]], having, 0.6)).toEqual([]);
    expect(similarSeries([], having, 0.6)).toEqual([]);
  });
});

describe('matchedTitle', () => {
  // Keys: title, two alternative titles, author, artist.
  const names = {
    keys: ['solo leveling', 'na honjaman level up', '나 혼자만 레벨업', 'chugong', 'dubu'],
    altTitles: ['Na Honjaman Level Up', '나 혼자만 레벨업'],
  };

  it('names the alternative title that contains the term best', () => {
    expect(matchedTitle(names, 'honjaman', null)).toBe('Na Honjaman Level Up');
    expect(matchedTitle(names, '혼자', null)).toBe('나 혼자만 레벨업');
  });

  it('is null when the title, author or artist matches as well or better', () => {
    expect(matchedTitle(names, 'leveling', null)).toBeNull(); // a whole word of the title
    expect(matchedTitle(names, 'level', null)).toBe('Na Honjaman Level Up'); // a word beats inside one
    expect(matchedTitle(names, 'solo leveling', null)).toBeNull();
    expect(matchedTitle(names, 'chugong', null)).toBeNull();
    expect(
      matchedTitle({ keys: ['level', 'level', '', ''], altTitles: ['Level'] }, 'level', null),
    ).toBeNull();
  });

  it('names the alternative title holding most of the corrections when no name contains the term', () => {
    const corrections = [[{ word: 'honjaman', similarity: 0.7 }], [{ word: 'level', similarity: 0.8 }]];
    expect(matchedTitle(names, 'honjamn levl', corrections)).toBe('Na Honjaman Level Up');
    expect(
      matchedTitle(names, 'solo levl', [
        [{ word: 'solo', similarity: 1 }],
        [{ word: 'leveling', similarity: 0.6 }],
      ]),
    ).toBeNull();
  });
});
