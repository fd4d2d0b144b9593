/*
 * The order pages are rendered in. Astro renders the routes one after another: at 100,000 series the
 * 100,000 series pages first, which only the main thread renders (the workers have no details), then the
 * 31,000 list pages. In that order the workers would wait for the first two thirds of the build. Spread
 * evenly among the main thread's pages, the pages a worker may render keep both busy from the first page on.
 */

/**
 * The same pages, those `anywhere` accepts spread evenly among the others, each group in its own order.
 */
export function spreadForWorkers<T>(pages: readonly T[], anywhere: (page: T) => boolean): T[] {
  const mainOnly = pages.filter((page) => !anywhere(page));
  const shared = pages.filter(anywhere);
  if (mainOnly.length === 0 || shared.length === 0) return [...pages];
  const spread: T[] = [];
  let next = 0;
  mainOnly.forEach((page, index) => {
    spread.push(page);
    // The shared pages due by the end of this share of the main thread's pages.
    const due = Math.floor(((index + 1) * shared.length) / mainOnly.length);
    while (next < due) spread.push(shared[next++]!);
  });
  return spread;
}
