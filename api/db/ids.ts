/** The largest serial id: the ids are PostgreSQL `integer`s. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** Whether a row can have this id; anything else names no row and must not reach a query (out of range). */
export function isPossibleSerialId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL_ID;
}
