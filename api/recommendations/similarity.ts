/**
 * Item-to-item similarity over "liked" pairs (a reader rated a series highly), in memory with typed arrays:
 * for a series A, every other series B is scored by the readers who liked both (co-raters); B is listed
 * when at least `minCoRaters` did, ordered by that count, ties by count / sqrt(|A| x |B|) (cosine, so a
 * B liked by fewer readers overall comes first), then by B's id. Memory is a few integers per pair; the
 * work is the sum over readers of (series they liked)², done a slice of series A at a time so the caller
 * can yield between slices.
 */

export interface AlsoLikedRow {
  seriesId: number;
  /** 1 for the most alike. */
  position: number;
  likedId: number;
  /** Co-raters: readers who liked both. */
  similarity: number;
}

/** Growable list of (reader, series) pairs in two Int32Arrays. */
export class LikedPairs {
  private users = new Int32Array(1024);
  private series = new Int32Array(1024);
  size = 0;

  add(userId: number, seriesId: number): void {
    if (this.size === this.users.length) {
      const users = new Int32Array(this.size * 2);
      users.set(this.users);
      this.users = users;
      const series = new Int32Array(this.size * 2);
      series.set(this.series);
      this.series = series;
    }
    this.users[this.size] = userId;
    this.series[this.size] = seriesId;
    this.size += 1;
  }

  /** Readers' liked series and series' readers, as compressed adjacency lists. */
  index(): LikedIndex {
    return new LikedIndex(this.users.subarray(0, this.size), this.series.subarray(0, this.size));
  }
}

/** Compressed sparse rows: `items[start[k] .. start[k + 1])` are key k's. */
interface Adjacency {
  start: Int32Array;
  items: Int32Array;
}

/** Groups `values` by dense `keys` (0..count-1), each group in the order the pairs came. */
function adjacency(keys: Int32Array, values: Int32Array, count: number): Adjacency {
  const start = new Int32Array(count + 1);
  for (const key of keys) start[key + 1]! += 1;
  for (let k = 0; k < count; k += 1) start[k + 1]! += start[k]!;
  const next = start.slice(0, count);
  const items = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i += 1) items[next[keys[i]!]!++] = values[i]!;
  return { start, items };
}

export class LikedIndex {
  /** Dense index -> series id, ascending. */
  readonly seriesIds: Int32Array;
  private readonly byUser: Adjacency;
  private readonly bySeries: Adjacency;
  /** Co-rater counts of the series being scored, by dense series index (zeroed after each). */
  private readonly counts: Int32Array;
  private readonly touched: Int32Array;

  constructor(userIds: Int32Array, seriesIds: Int32Array) {
    const denseOf = (ids: Int32Array) => {
      const distinct = Int32Array.from(new Set(ids)).sort();
      const dense = new Map<number, number>();
      distinct.forEach((id, i) => dense.set(id, i));
      return { distinct, dense: Int32Array.from(ids, (id) => dense.get(id)!) };
    };
    const users = denseOf(userIds);
    const series = denseOf(seriesIds);
    this.seriesIds = series.distinct;
    this.byUser = adjacency(users.dense, series.dense, users.distinct.length);
    this.bySeries = adjacency(series.dense, users.dense, series.distinct.length);
    this.counts = new Int32Array(series.distinct.length);
    this.touched = new Int32Array(series.distinct.length);
  }

  get seriesCount(): number {
    return this.seriesIds.length;
  }

  private likers(s: number): number {
    return this.bySeries.start[s + 1]! - this.bySeries.start[s]!;
  }

  /** The rows of the series at dense indexes [from, to): at most `max` each, only B with enough co-raters. */
  alsoLiked(from: number, to: number, max: number, minCoRaters: number): AlsoLikedRow[] {
    const rows: AlsoLikedRow[] = [];
    const { byUser, bySeries, counts, touched } = this;
    for (let a = from; a < to; a += 1) {
      const aLikers = this.likers(a);
      if (aLikers < minCoRaters) continue;
      let touchedCount = 0;
      for (let i = bySeries.start[a]!; i < bySeries.start[a + 1]!; i += 1) {
        const user = bySeries.items[i]!;
        for (let j = byUser.start[user]!; j < byUser.start[user + 1]!; j += 1) {
          const b = byUser.items[j]!;
          if (b === a) continue;
          if (counts[b] === 0) touched[touchedCount++] = b;
          counts[b]! += 1;
        }
      }
      const best: { b: number; count: number; cosine: number }[] = [];
      for (let t = 0; t < touchedCount; t += 1) {
        const b = touched[t]!;
        const count = counts[b]!;
        counts[b] = 0;
        if (count < minCoRaters) continue;
        const worst = best.length === max ? best[max - 1]! : undefined;
        if (worst && count < worst.count) continue;
        const candidate = { b, count, cosine: count / Math.sqrt(aLikers * this.likers(b)) };
        if (worst && compare(candidate, worst) >= 0) continue;
        best.push(candidate);
        best.sort(compare);
        if (best.length > max) best.pop();
      }
      const seriesId = this.seriesIds[a]!;
      best.forEach(({ b, count }, i) =>
        rows.push({ seriesId, position: i + 1, likedId: this.seriesIds[b]!, similarity: count }),
      );
    }
    return rows;
  }
}

/** More co-raters first, then the higher cosine, then the lower dense index (the lower series id). */
function compare(
  x: { b: number; count: number; cosine: number },
  y: { b: number; count: number; cosine: number },
): number {
  return y.count - x.count || y.cosine - x.cosine || x.b - y.b;
}
