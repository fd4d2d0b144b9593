import { FORUM_API_TEXTS as TEXTS, FORUM_ERROR_CODES as CODES } from '../../contract/forum';
import { httpError } from '../http-error';

/* The errors the forum's three route plugins share. */

export const threadNotFound = () => httpError(404, TEXTS.threadNotFound, { code: CODES.threadNotFound });
export const postNotFound = () => httpError(404, TEXTS.postNotFound, { code: CODES.postNotFound });
export const threadLocked = () => httpError(423, TEXTS.locked, { code: CODES.locked });
