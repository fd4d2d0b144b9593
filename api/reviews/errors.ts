import { SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE } from '../../contract/catalogue-values';
import { REVIEW_ERROR_CODES as CODES, REVIEW_TEXTS as TEXTS } from '../../contract/reviews';
import { httpError } from '../http-error';

/* The reviews' HTTP errors, texts and codes from contract/reviews.ts. */

export const seriesNotFound = () => httpError(404, SERIES_NOT_FOUND, { code: SERIES_NOT_FOUND_CODE });
export const reviewNotFound = () => httpError(404, TEXTS.notFound, { code: CODES.notFound });
export const notYours = () => httpError(403, TEXTS.notYours, { code: CODES.notYours });
export const ownHelpful = () => httpError(403, TEXTS.ownHelpful, { code: CODES.ownHelpful });
export const alreadyReviewed = () => httpError(409, TEXTS.alreadyReviewed, { code: CODES.alreadyReviewed });
export const tooShort = () => httpError(400, TEXTS.tooShort, { code: CODES.tooShort });
export const tooLong = () => httpError(400, TEXTS.tooLong, { code: CODES.tooLong });
export const controlCharacters = () =>
  httpError(400, TEXTS.controlCharacters, { code: CODES.controlCharacters });
