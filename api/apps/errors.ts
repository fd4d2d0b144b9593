import {
  APP_LIMIT,
  APP_NOT_FOUND,
  APPS_ERROR_CODES as CODES,
  AUTHORIZATION_NOT_FOUND,
  DATES_OUT_OF_ORDER,
  LIBRARY_ENTRY_NOT_FOUND,
  PERSONAL_TOKEN_LIMIT,
  PERSONAL_TOKEN_NOT_FOUND,
} from '../../contract/apps';
import { SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE } from '../../contract/catalogue';
import { LIST_FULL, LIST_NOT_FOUND, READING_LIST_ERROR_CODES } from '../../contract/reading-lists';
import { httpError, ValidationHttpError } from '../http-error';

/** Apps' HTTP errors: texts and codes from the contract. */
export const appsErrors = {
  appLimit: () => httpError(409, APP_LIMIT, { code: CODES.appLimit }),
  appNotFound: () => httpError(404, APP_NOT_FOUND, { code: CODES.appNotFound }),
  tokenLimit: () => httpError(409, PERSONAL_TOKEN_LIMIT, { code: CODES.tokenLimit }),
  tokenNotFound: () => httpError(404, PERSONAL_TOKEN_NOT_FOUND, { code: CODES.tokenNotFound }),
  authorizationNotFound: () => httpError(404, AUTHORIZATION_NOT_FOUND, { code: CODES.authorizationNotFound }),
  notInLibrary: () => httpError(404, LIBRARY_ENTRY_NOT_FOUND, { code: CODES.notInLibrary }),
  seriesNotFound: () => httpError(404, SERIES_NOT_FOUND, { code: SERIES_NOT_FOUND_CODE }),
  listNotFound: () => httpError(404, LIST_NOT_FOUND, { code: READING_LIST_ERROR_CODES.notFound }),
  listFull: () => httpError(409, LIST_FULL, { code: READING_LIST_ERROR_CODES.full }),
  datesOutOfOrder: () =>
    new ValidationHttpError([{ field: 'finished_on', message: DATES_OUT_OF_ORDER }], DATES_OUT_OF_ORDER),
};
