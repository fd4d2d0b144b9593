import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProfileStats from '../../src/features/profiles/ProfileStats';
import UserLink from '../../src/features/profiles/UserLink';

describe('UserLink', () => {
  it('links a username to its profile', () => {
    expect(
      renderToStaticMarkup(createElement(UserLink, { username: 'mia_reads', anonymous: 'Anonymous' })),
    ).toBe('<a href="/u/mia_reads" data-user-link="">mia_reads</a>');
  });

  it('keeps a deleted author as plain text', () => {
    expect(renderToStaticMarkup(createElement(UserLink, { username: null, anonymous: 'Anonymous' }))).toBe(
      '<span>Anonymous</span>',
    );
  });
});

describe('ProfileStats', () => {
  const stats = {
    status_counts: { READING: 2, COMPLETED: 1, ON_HOLD: 0, DROPPED: 0, PLAN_TO_READ: 3 },
    chapters_read: 1275,
    score_distribution: [0, 0, 0, 1, 0, 0, 2, 0, 0, 1],
    top_genres: [{ genre: 'Action', count: 1 }],
  };

  it('gives every bar of the score chart a text alternative, in score order', () => {
    const html = renderToStaticMarkup(createElement(ProfileStats, { stats }));
    const texts = [...html.matchAll(/<span class="visually-hidden">(.*?)<\/span>/g)].map((match) =>
      match[1]!.replace(/<!-- -->/g, ''),
    );
    expect(texts).toEqual([
      'Score 1: 0 series',
      'Score 2: 0 series',
      'Score 3: 0 series',
      'Score 4: 1 series',
      'Score 5: 0 series',
      'Score 6: 0 series',
      'Score 7: 2 series',
      'Score 8: 0 series',
      'Score 9: 0 series',
      'Score 10: 1 series',
    ]);
    expect(html).toContain('Chapters read');
    expect(html).toContain('1,275');
  });

  it('says so when no score was given, instead of an empty chart', () => {
    const html = renderToStaticMarkup(
      createElement(ProfileStats, { stats: { ...stats, score_distribution: Array(10).fill(0) as number[] } }),
    );
    expect(html).toContain('No scores given yet.');
    expect(html).not.toContain('Score 1:');
  });
});
