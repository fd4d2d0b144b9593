/*
 * The values of the shared part of the contract that browser code needs: the range of ids. Imports nothing,
 * so the site can use it without pulling zod into its bundle; ./http.ts re-exports all of this.
 */

/**
 * The largest value of PostgreSQL's `integer` columns: every id, and every count a filter compares with one.
 * Whatever a client sends is checked against it before it reaches a query.
 */
export const MAX_ID = 2_147_483_647;

/**
 * Whether a row can have this id (a serial: 1 to MAX_ID). Anything else names no row, and the query it went
 * into would fail: it must never reach one. The one check of every id from a client: path ids through
 * `pathId` (./http.ts), ids in bodies, signed tokens and uploaded files where the API reads them, and the ids
 * the site reads from its own addresses. It lives here, not in the API, because the contract is what the API
 * and the site share: both check an id the same way.
 */
export function isPossibleSerialId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}

/** The ids of a list that a row can have, in order; the others name nothing. */
export function possibleSerialIds(ids: readonly number[]): number[] {
  return ids.filter(isPossibleSerialId);
}
