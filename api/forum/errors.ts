import { FORUM_API_TEXTS as TEXTS, FORUM_ERROR_CODES as CODES } from '../../contract/forum';
import { isPossibleSerialId } from '../db/ids';
import { httpError } from '../http-error';

/* The errors the forum's three route plugins share. */

export const threadNotFound = () => httpError(404, TEXTS.threadNotFound, { code: CODES.threadNotFound });
export const postNotFound = () => httpError(404, TEXTS.postNotFound, { code: CODES.postNotFound });
export const threadLocked = () => httpError(423, TEXTS.locked, { code: CODES.locked });

/** A path id above the largest integer id cannot name a row: 404, like a missing one. */
export function existingId(id: number, notFound: () => Error): number {
  if (!isPossibleSerialId(id)) throw notFound();
  return id;
}
