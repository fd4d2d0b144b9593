/**
 * The titles of the catalogue, lower-cased, indexed for the editor's `@` mentions: which series' titles
 * start with a text and which contain it, the best ranked first. Scanning every title on each keystroke
 * cost 44 ms at 100,000 series; the index answers from a binary search (titles starting with the text)
 * and one `indexOf` pass over all titles joined (titles containing it), then keeps the best ranked few.
 * It depends on the titles only, so the catalogue keeps it while votes reorder the ranking
 * (`CatalogueSnapshot.textIndex`); the order is the caller's, at query time.
 */

/** A series' place in the ranking (smaller is better); undefined for a series the ranking lacks. */
export type RankPosition = (id: number) => number | undefined;

/**
 * Past this many titles containing the text, walking the ranking from the top finds the best ones
 * sooner than ranking every match (the text is common, so matches come early).
 */
const DENSE_MATCHES = 1000;
const SEPARATOR = '\n';

export class MentionIndex {
  /** Lower-cased titles in code-unit order, and their series' ids in the same order. */
  private readonly titles: string[];
  private readonly ids: Int32Array;
  /** Every title of `titles`, each after a separator, and where each one starts in it. */
  private readonly joined: string;
  private readonly starts: Int32Array;
  private readonly titleOf: Map<number, string>;

  constructor(series: Iterable<{ id: number; title: string }>) {
    const rows = [...series].map(({ id, title }) => ({ id, title: title.toLowerCase() }));
    rows.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
    this.titles = rows.map((row) => row.title);
    this.ids = Int32Array.from(rows, (row) => row.id);
    this.titleOf = new Map(rows.map((row) => [row.id, row.title]));
    this.starts = new Int32Array(rows.length);
    let offset = 0;
    rows.forEach((row, index) => {
      this.starts[index] = offset + SEPARATOR.length;
      offset += SEPARATOR.length + row.title.length;
    });
    this.joined = SEPARATOR + this.titles.join(SEPARATOR);
  }

  /** Ids of the best ranked (at most `limit`) series whose lower-cased title starts with `needle`. */
  startingWith(needle: string, position: RankPosition, limit: number): number[] {
    // Titles with the prefix form one run in sorted order: find its two ends by binary search.
    const first = this.firstIndex((title) => title >= needle);
    const end = this.firstIndex((title) => title >= needle && !title.startsWith(needle));
    const best = new BestRanked(limit, position);
    for (let index = first; index < end; index += 1) best.offer(this.ids[index]!);
    return best.ids();
  }

  /**
   * Ids of the best ranked (at most `limit`) series whose lower-cased title contains `needle` but does
   * not start with it, in `ranking` order.
   */
  containing(
    needle: string,
    position: RankPosition,
    limit: number,
    ranking: Iterable<{ series: { id: number } }>,
  ): number[] {
    if (!needle || needle.includes(SEPARATOR)) return [];
    const best = new BestRanked(limit, position);
    let matches = 0;
    for (let at = this.joined.indexOf(needle); at >= 0;) {
      const index = this.titleAt(at);
      if (at !== this.starts[index]) {
        matches += 1;
        if (matches > DENSE_MATCHES) return this.containingByRank(needle, limit, ranking);
        best.offer(this.ids[index]!);
      }
      // One match per title: go on from the next title.
      const next = index + 1 < this.starts.length ? this.starts[index + 1]! : this.joined.length;
      at = this.joined.indexOf(needle, Math.max(next, at + 1));
    }
    return best.ids();
  }

  private containingByRank(
    needle: string,
    limit: number,
    ranking: Iterable<{ series: { id: number } }>,
  ): number[] {
    const found: number[] = [];
    for (const { series } of ranking) {
      const title = this.titleOf.get(series.id);
      if (title === undefined || title.startsWith(needle) || !title.includes(needle)) continue;
      found.push(series.id);
      if (found.length >= limit) break;
    }
    return found;
  }

  /** The index of the title `joined[at]` belongs to. */
  private titleAt(at: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The first index whose title satisfies `reached` (false for a prefix of the titles, then true). */
  private firstIndex(reached: (title: string) => boolean): number {
    let low = 0;
    let high = this.titles.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (reached(this.titles[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/** Keeps the `limit` ids with the smallest positions offered so far, best first. */
class BestRanked {
  private readonly kept: { id: number; position: number }[] = [];

  constructor(
    private readonly limit: number,
    private readonly position: RankPosition,
  ) {}

  offer(id: number): void {
    const position = this.position(id);
    if (position === undefined || this.limit <= 0) return;
    const kept = this.kept;
    if (kept.length >= this.limit && position >= kept[kept.length - 1]!.position) return;
    let at = kept.length;
    while (at > 0 && kept[at - 1]!.position > position) at -= 1;
    kept.splice(at, 0, { id, position });
    if (kept.length > this.limit) kept.pop();
  }

  ids(): number[] {
    return this.kept.map((entry) => entry.id);
  }
}
