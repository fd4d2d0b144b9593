import { describe, expect, it } from 'vitest';
import { distributionBars, finalScoreShown, rankShown } from '../../src/features/series/series-values';
import { threadVersion } from '../../src/features/forum/thread-version';

/* What a series page shows of its figures, which the build's markup and the page script both take. */

describe('series page figures', () => {
  it('shows an exact rank, a band, or Unranked', () => {
    expect(rankShown({ rank: 37 })).toEqual({ ranked: true, label: '#37', description: 'Rank 37' });
    expect(rankShown({ rank: null, rank_band: 1000 })).toEqual({
      ranked: true,
      label: 'Top 1,000',
      description: 'Ranked in the top 1,000',
    });
    expect(rankShown({ rank: null })).toEqual({ ranked: false, label: null, description: 'Unranked' });
  });

  it('shows the final score to one decimal with its band, and a dash without votes', () => {
    expect(finalScoreShown({ final_score: 8.46, mean_score: 8.9, vote_count: 12 })).toEqual({
      text: '8.5',
      band: 'blue',
      line: 'Mean of votes 8.9 from 12 voters',
    });
    expect(finalScoreShown({ final_score: 6, mean_score: null, vote_count: 0 })).toEqual({
      text: '-',
      band: 'none',
      line: 'No votes yet',
    });
  });

  it('scales the bars to the most frequent score', () => {
    const bars = distributionBars([0, 0, 0, 0, 0, 0, 0, 2, 4, 1]);
    expect(bars.map((bar) => bar.height)).toEqual([...Array(7).fill('0%'), '50%', '100%', '25%']);
    expect(bars[8]).toEqual({ height: '100%', empty: false, text: 'Score 9: 4 votes' });
  });
});

describe('thread version', () => {
  const thread = { title: 'T', updated_at: '2026-01-01', locked: false, pinned: false, latest_first: false };
  const posts = [
    { id: 1, updated_at: 'a', heart_count: 0 },
    { id: 2, updated_at: 'b', heart_count: 3 },
  ];

  it('does not depend on the order the posts come in', () => {
    expect(threadVersion({ thread, posts })).toBe(threadVersion({ thread, posts: [...posts].reverse() }));
  });

  it('changes with a new, edited or liked post and with the thread settings', () => {
    const built = threadVersion({ thread, posts });
    expect(threadVersion({ thread, posts: [...posts, { id: 3, updated_at: 'c', heart_count: 0 }] })).not.toBe(
      built,
    );
    expect(threadVersion({ thread, posts: [posts[0]!, { ...posts[1]!, updated_at: 'b2' }] })).not.toBe(built);
    expect(threadVersion({ thread, posts: [posts[0]!, { ...posts[1]!, heart_count: 4 }] })).not.toBe(built);
    expect(threadVersion({ thread: { ...thread, locked: true }, posts })).not.toBe(built);
  });
});
