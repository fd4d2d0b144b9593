/*
 * "Readers also liked": the rule's numbers. Imports nothing, so browser code can use it without pulling zod
 * into its bundle; the schemas are in ./recommendations.ts, which re-exports all of this.
 */

/** The most series a series page lists under "Readers also liked". */
export const ALSO_LIKED_MAX = 6;
/**
 * A reader rated a series highly when their personal score (reading list) or the mean of their category
 * votes on it is at least this.
 */
export const ALSO_LIKED_HIGH_SCORE = 8;
/** A series is listed only when at least this many readers rated both it and the page's series highly. */
export const ALSO_LIKED_MIN_CO_RATERS = 2;
