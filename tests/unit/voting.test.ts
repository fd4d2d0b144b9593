import { describe, expect, it } from 'vitest';
import { parseVoteBody, parseVoteCategory, parseVoteScore } from '../../api/ranking/vote-input';
import { VOTES_VOIDED } from '../../contract/catalogue-values';
import type { SeriesDetail } from '../../src/features/catalogue/catalogue-types';
import {
  ballotMessage,
  ballotScores,
  isVoided,
  openPicks,
  ownScoresOf,
  picksFrom,
  VOTE_CATEGORY_LABELS,
  VOTE_ERROR_MESSAGE,
  VOTE_FAILED_MESSAGE,
  VOTE_INVALID_MESSAGE,
  VOTE_NOT_FOUND_MESSAGE,
  VOTE_SESSION_ENDED_MESSAGE,
  VOTE_UNSENT_MESSAGE,
  voteFailureMessage,
  withBallot,
  type OwnScores,
} from '../../src/features/voting/vote-state';

type Field = 'story' | 'characters' | 'worldbuilding' | 'art' | 'drama_or_fight';
const FIELDS: Field[] = ['story', 'characters', 'worldbuilding', 'art', 'drama_or_fight'];
const LABELS = ['Story', 'Characters', 'World Building', 'Art', 'Drama / Fighting'] as const;

/** A detail with the given [total, count] per category (each vote's score in the distribution's middle). */
function seriesDetail(tallies: Partial<Record<Field, [number, number]>>, mine: OwnScores): SeriesDetail {
  const fields = Object.fromEntries(
    FIELDS.flatMap((field) => [
      [`${field}_total`, tallies[field]?.[0] ?? 0],
      [`${field}_count`, tallies[field]?.[1] ?? 0],
    ]),
  );
  const distribution = (field: Field) =>
    Array.from({ length: 10 }, (_, index) => (index === 4 ? (tallies[field]?.[1] ?? 0) : 0));
  return {
    series_id: 1,
    title: 'Series 1',
    type: 'MANHWA',
    genre: 'Action',
    status: 'ONGOING',
    author: 'A',
    artist: 'B',
    synopsis: '',
    series_cover_url: '',
    series_cover_variants: [],
    has_detail_cover: false,
    cover_url: null,
    cover_variants: [],
    ...fields,
    vote_counts: Object.fromEntries(LABELS.map((label, index) => [label, tallies[FIELDS[index]!]?.[1] ?? 0])),
    vote_scores: mine,
    score_distribution: Object.fromEntries(FIELDS.map((field) => [field, distribution(field)])),
    rank: 4,
    final_score: 7.25,
    mean_score: null,
    vote_count: 2,
    mal_id: null,
    anilist_id: null,
    mangaupdates_id: null,
  } as unknown as SeriesDetail;
}

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

  it('reads back a stored draft of picks, whatever the storage holds', () => {
    expect(picksFrom({ Story: 7, Art: '9', 'World Building': 0, Plot: 3 })).toEqual({ Story: 7 });
    for (const junk of [null, 'Story', 42, [7, 8]]) expect(picksFrom(junk)).toEqual({});
  });

  it('sends only the picks of categories not voted yet, keyed by field', () => {
    const picks = { Story: 9, Art: 4, 'World Building': 6 };
    const open = openPicks(picks, { Story: 8, Characters: 5 });
    expect(open).toEqual({ Art: 4, 'World Building': 6 });
    expect(ballotScores(open)).toEqual({ art: 4, worldbuilding: 6 });
    // Nothing to send: the Vote button stays disabled.
    expect(openPicks({ Story: 9 }, { Story: 8 })).toEqual({});
    expect(openPicks({}, {})).toEqual({});
  });

  it('shows a ballot at once: scores, totals, counts, distributions, voters and the mean of votes', () => {
    const before = seriesDetail({ story: [16, 2], art: [5, 1] }, { Story: 7 });
    const after = withBallot(before, { Story: 10, Art: 9, 'Drama / Fighting': 6 });
    // Story was voted before: it keeps the earlier vote and nothing is added.
    expect(after.story_total).toBe(16);
    expect(after.art_total).toBe(14);
    expect(after.art_count).toBe(2);
    expect(after.drama_or_fight_total).toBe(6);
    expect(after.drama_or_fight_count).toBe(1);
    expect(after.vote_counts).toMatchObject({ Story: 2, Art: 2, 'Drama / Fighting': 1 });
    expect(after.vote_scores).toEqual({ Story: 7, Art: 9, 'Drama / Fighting': 6 });
    expect(after.score_distribution.art[8]).toBe(1);
    expect(after.score_distribution.drama_or_fight[5]).toBe(1);
    // The reader had voted on this series already: the same number of voters.
    expect(after.vote_count).toBe(before.vote_count);
    expect(after.mean_score).toBe(Math.round(((16 / 2 + 14 / 2 + 6) / 3) * 1e6) / 1e6);
    // Only the API knows the catalogue's means: the final score and the rank wait for its answer.
    expect(after.final_score).toBe(before.final_score);
    expect(after.rank).toBe(before.rank);
    // The cached detail itself is left as it was, for a rollback.
    expect(before.art_total).toBe(5);
    expect(before.score_distribution.art[8]).toBe(0);
    expect(before.vote_scores).toEqual({ Story: 7 });
  });

  it("counts a first ballot's reader once among the voters, and changes nothing without new picks", () => {
    const before = seriesDetail({}, {});
    const after = withBallot(before, { Story: 8, Art: 6 });
    expect(after.vote_count).toBe(before.vote_count + 1);
    expect(after.mean_score).toBe(7);
    expect(withBallot(after, { Story: 3 })).toBe(after);
  });

  it('says what a ballot recorded, and which categories kept an earlier vote', () => {
    expect(ballotMessage({ recorded: ['art'], already_voted: [] }, { Art: 6 })).toEqual({
      text: 'Your Art vote of 6 was counted.',
      tone: 'success',
    });
    expect(
      ballotMessage(
        { recorded: ['story', 'drama_or_fight'], already_voted: ['characters'] },
        { Story: 8, Characters: 4, 'Drama / Fighting': 10 },
      ),
    ).toEqual({
      text:
        'Your votes were counted: Story 8, Drama / Fighting 10. ' +
        'You had already voted in Characters; that score stays.',
      tone: 'success',
    });
    // Everything had been voted already (another tab): the refusal of part 1.
    expect(ballotMessage({ recorded: [], already_voted: ['art'] }, { Art: 6 })).toEqual({
      text: VOTE_FAILED_MESSAGE,
      tone: 'error',
    });
  });

  it('names each failure: voided votes, a second vote, a lost session, a removed series, bad input, too fast', () => {
    expect(voteFailureMessage({ status: 403, code: 'VOTES_VOIDED', detail: VOTES_VOIDED })).toBe(
      'Your votes on this series were removed by a moderator.',
    );
    expect(isVoided({ status: 403, code: 'VOTES_VOIDED' })).toBe(true);
    expect(voteFailureMessage({ status: 403, code: 'ALREADY_VOTED' })).toBe(
      'You can only vote once on this series.',
    );
    expect(isVoided({ status: 403, code: 'ALREADY_VOTED' })).toBe(false);
    expect(voteFailureMessage({ status: 401 })).toBe(VOTE_SESSION_ENDED_MESSAGE);
    expect(voteFailureMessage({ status: 404 })).toBe(VOTE_NOT_FOUND_MESSAGE);
    expect(voteFailureMessage({ status: 422 })).toBe(VOTE_INVALID_MESSAGE);
    expect(voteFailureMessage({ status: 400 })).toBe(VOTE_INVALID_MESSAGE);
    expect(voteFailureMessage({ status: 429, retryAfter: 41.2 })).toBe(
      'You are voting too quickly. Please try again in 42 s.',
    );
    expect(voteFailureMessage({ status: 429 })).toBe(
      'You are voting too quickly. Please try again in a moment.',
    );
    expect(voteFailureMessage({ status: 500 })).toBe(VOTE_ERROR_MESSAGE);
    expect(voteFailureMessage({ status: undefined })).toBe(VOTE_UNSENT_MESSAGE);
  });
});
