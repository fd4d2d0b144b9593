import { describe, expect, it } from 'vitest';
import { parseVoteBody, parseVoteCategory, parseVoteScore } from '../../api/ranking/vote-input';
import {
  ownScoresOf,
  VOTE_CATEGORY_LABELS,
  VOTE_FAILED_MESSAGE,
  VOTE_UNSENT_MESSAGE,
  voteFailureMessage,
} from '../../src/features/voting/vote-state';

describe('vote input (API)', () => {
  it('accepts each category by its label, stored name or field stem, in any casing and spacing', () => {
    expect(parseVoteCategory('Story')).toBe('STORY');
    expect(parseVoteCategory('  world   building ')).toBe('WORLD_BUILDING');
    expect(parseVoteCategory('Drama / Fighting')).toBe('DRAMA_OR_FIGHT');
    expect(parseVoteCategory('DRAMA_OR_FIGHT')).toBe('DRAMA_OR_FIGHT');
    expect(parseVoteCategory('worldbuilding')).toBe('WORLD_BUILDING');
    expect(parseVoteCategory('Plot')).toBeUndefined();
    expect(parseVoteCategory(3)).toBeUndefined();
  });

  it('accepts integer scores 1-10 as numbers or digits, nothing else', () => {
    expect([1, 10, '7', ' 8 '].map(parseVoteScore)).toEqual([1, 10, 7, 8]);
    for (const bad of [0, 11, 7.5, '7.5', '', 'seven', '1e1', null, undefined, true, '-3']) {
      expect(parseVoteScore(bad), String(bad)).toBeUndefined();
    }
  });

  it('needs both fields of an object body', () => {
    expect(parseVoteBody({ category: 'Art', score: '9' })).toEqual({ category: 'ART', score: 9 });
    expect(parseVoteBody({ category: 'Art' })).toBeUndefined();
    expect(parseVoteBody(null)).toBeUndefined();
    expect(parseVoteBody('category=Art&score=9')).toBeUndefined();
  });
});

describe('vote panel state (site)', () => {
  it('lists the five categories in their fixed order', () => {
    expect(VOTE_CATEGORY_LABELS).toEqual([
      'Story',
      'Characters',
      'World Building',
      'Art',
      'Drama / Fighting',
    ]);
  });

  it('keeps only known categories with valid scores from vote_scores', () => {
    expect(
      // An older or hostile API may send anything here.
      ownScoresOf({
        vote_scores: { Story: 8, Art: 11, Plot: 5, Characters: 2.5, 'Drama / Fighting': 1 } as Record<
          string,
          number
        >,
      }),
    ).toEqual({ Story: 8, 'Drama / Fighting': 1 });
  });

  it('shows the refusal text when the API refused a vote, and a retry hint when nothing answered', () => {
    expect(voteFailureMessage(403)).toBe('You can only vote once on this series.');
    expect(voteFailureMessage(400)).toBe(VOTE_FAILED_MESSAGE);
    expect(voteFailureMessage(undefined)).toBe(VOTE_UNSENT_MESSAGE);
  });
});
