import { expect, test } from '@playwright/test';
import { e2eStack } from './stack-config';

/*
 * The series page's "Also on" links and score distribution charts are in its pre-rendered HTML: a reader
 * without JavaScript sees them. The seeded demo catalogue gives its first series all three external ids
 * (scripts/demo/demo-catalogue.ts, demoExternalIds).
 */

type Field = 'story' | 'characters' | 'worldbuilding' | 'art' | 'drama_or_fight';

interface SeriesDetail {
  series_id: number;
  title: string;
  vote_count: number;
  mal_id: number | null;
  anilist_id: number | null;
  mangaupdates_id: string | null;
  score_distribution: Record<Field, number[]>;
}

const LABELS: Record<Field, string> = {
  story: 'Story',
  characters: 'Characters',
  worldbuilding: 'World Building',
  art: 'Art',
  drama_or_fight: 'Drama / Fighting',
};

test.describe('series page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the "Also on" links, sameAs and a score chart per category', async ({ page, request }) => {
    const response = await request.get(`${e2eStack.apiUrl}/series/catalogue?page_size=1000`);
    expect(response.ok()).toBeTruthy();
    const { items } = (await response.json()) as { items: SeriesDetail[] };
    const linked = items.find(
      (detail) =>
        detail.mal_id !== null &&
        detail.anilist_id !== null &&
        detail.mangaupdates_id !== null &&
        detail.vote_count > 0,
    );
    expect(linked, 'a voted demo series with all three external ids').toBeDefined();
    const series = linked!;

    await page.goto(`/series/${series.series_id}`);
    await expect(page.getByRole('heading', { level: 1, name: series.title })).toBeVisible();

    const alsoOn = page.getByRole('list', { name: 'Also on' });
    const expected = [
      ['MyAnimeList', `https://myanimelist.net/manga/${series.mal_id}`],
      ['AniList', `https://anilist.co/manga/${series.anilist_id}`],
      ['MangaUpdates', `https://www.mangaupdates.com/series/${series.mangaupdates_id}`],
    ] as const;
    for (const [site, url] of expected) {
      const link = alsoOn.getByRole('link', { name: new RegExp(`^${site}`) });
      await expect(link).toHaveAttribute('href', url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    }

    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}') as unknown));
    const book = jsonLd.find((entry) => (entry as { '@type'?: string })['@type'] === 'Book') as {
      sameAs?: string[];
    };
    expect(book.sameAs).toEqual(expected.map(([, url]) => url));

    for (const [field, label] of Object.entries(LABELS) as [Field, string][]) {
      const bars = page.getByRole('list', { name: `${label} votes by score` }).getByRole('listitem');
      await expect(bars).toHaveText(
        series.score_distribution[field].map(
          (votes, index) => `Score ${index + 1}: ${votes} ${votes === 1 ? 'vote' : 'votes'}`,
        ),
      );
    }
  });
});
