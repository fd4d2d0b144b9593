import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ScoreDistributionChart, { scoreBarText } from '../../src/features/series/ScoreDistributionChart';

/** The text a screen reader reaches: markup without the parts hidden from it. */
function accessibleText(html: string): string {
  return html
    .replace(/<([a-z]+)[^>]*aria-hidden="true"[^>]*>.*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .map((text) => text.trim())
    .filter(Boolean)
    .join(' / ');
}

describe('ScoreDistributionChart', () => {
  it('names every bar by its score and vote count, in score order', () => {
    const html = renderToStaticMarkup(
      createElement(ScoreDistributionChart, { label: 'Story', counts: [0, 0, 1, 0, 0, 0, 4, 12, 1, 0] }),
    );
    expect(html).toContain('aria-label="Story votes by score"');
    expect(accessibleText(html)).toBe(
      [
        'Score 1: 0 votes',
        'Score 2: 0 votes',
        'Score 3: 1 vote',
        'Score 4: 0 votes',
        'Score 5: 0 votes',
        'Score 6: 0 votes',
        'Score 7: 4 votes',
        'Score 8: 12 votes',
        'Score 9: 1 vote',
        'Score 10: 0 votes',
      ].join(' / '),
    );
  });

  it('scales bars to the most frequent score, and draws nothing for a category without votes', () => {
    const voted = renderToStaticMarkup(
      createElement(ScoreDistributionChart, { label: 'Art', counts: [0, 0, 0, 0, 0, 0, 0, 2, 4, 1] }),
    );
    expect(voted.match(/height:\s*([\d.]+)%/g)).toEqual([
      ...Array(7).fill('height:0%'),
      'height:50%',
      'height:100%',
      'height:25%',
    ]);
    const empty = renderToStaticMarkup(
      createElement(ScoreDistributionChart, { label: 'Art', counts: Array(10).fill(0) }),
    );
    expect(empty.match(/data-empty="true"/g)).toHaveLength(10);
  });

  it('says "vote" for one and groups thousands', () => {
    expect(scoreBarText(10, 1)).toBe('Score 10: 1 vote');
    expect(scoreBarText(1, 1234)).toBe('Score 1: 1,234 votes');
  });
});
