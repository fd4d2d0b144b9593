import { sharedFingerprint } from '../incremental-build/fingerprint';
import type { BuildCatalogueIndex } from './build-catalogue';
import { browseListKey, browseListPath, browseListType, type BrowseList } from './browse-lists';

/**
 * Everything a pre-rendered list page renders from the catalogue: its entries, its page count and the genre
 * links of its type. RankingPage.astro renders from this alone, and an incremental build fingerprints it
 * (changed-pages.ts), so the page is written again exactly when this changes.
 */
export function rankingPageInputs(catalogue: BuildCatalogueIndex, list: BrowseList, page: number) {
  const ranking = catalogue.rankings.page(browseListKey(list), page);
  if (!ranking) {
    throw new Error(
      `The catalogue has no page ${page} of the "${browseListKey(list)}" list; check the build's catalogue source.`,
    );
  }
  const type = browseListType(list);
  return {
    items: ranking.items,
    series: ranking.series,
    totalPages: ranking.totalPages,
    genres: catalogue.genres.map((genre) => genre.name),
    // The genre pages of this list's type, for readers and crawlers alike.
    genreLinks: catalogue.genreLists
      .filter((genreList) => genreList.type === type)
      .map((genreList) => ({
        name: genreList.genre,
        href: browseListPath(genreList, 1),
        current: list.kind === 'genre' && genreList.slug === list.slug,
      })),
  };
}

/**
 * What an incremental build fingerprints of a list page (changed-pages.ts): its inputs, each entry as its
 * series' shared fingerprint and its rank in this list (an entry is its series with that rank).
 */
export function rankingPagePrint({ items, series, ...rest }: ReturnType<typeof rankingPageInputs>) {
  return { ...rest, entries: series.map((one, index) => [sharedFingerprint(one), items[index]?.rank]) };
}
