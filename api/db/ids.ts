/**
 * The range check every integer from a client passes before it reaches a query (ids are PostgreSQL
 * `integer`s): path and body ids, ids in signed tokens and in uploaded files through these helpers, query
 * cursors and counts through their contract schemas (`cursorId`, `MAX_ID`). Defined once in the contract, so
 * the site checks what the API checks.
 */
export { isPossibleSerialId, possibleSerialIds } from '../../contract/http-values';
