import { z } from 'zod';
import { SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE, SERIES_TYPES } from './catalogue';
import { bodyId, emptyIfBlank, formList, pathId } from './http';
import {
  APP_NAME_MAX_LENGTH,
  CLIENT_TYPES,
  DATES_OUT_OF_ORDER,
  LIBRARY_PAGE_SIZE,
  MAX_REDIRECT_URIS,
  OAUTH_ERRORS,
  OAUTH_SCOPES,
  PERSONAL_TOKEN_NOT_FOUND,
  APPS_ERROR_CODES,
  redirectUriProblem,
  SCOPES_REQUIRED,
  TOKEN_NAME_MAX_LENGTH,
  V1_SEARCH_MAX_LENGTH,
  V1_SEARCH_MIN_LENGTH,
} from './apps-values';
import {
  MAX_CHAPTERS_READ,
  MAX_PERSONAL_SCORE,
  MIN_CHAPTERS_READ,
  MIN_PERSONAL_SCORE,
  PERSONAL_SCORE_MESSAGE,
  READING_STATUSES,
} from './reading-progress-values';

/*
 * Apps' part of the contract (docs/api.md, Apps; docs/features/apps.md): registered OAuth apps, the apps a
 * reader authorized, personal access tokens, the consent page's calls, the OAuth protocol's bodies and the
 * library API `/v1`. The limits, scopes and texts are in ./apps-values.
 */

export * from './apps-values';

const scopeList = z.array(z.enum(OAUTH_SCOPES)).describe(`Scopes, of ${OAUTH_SCOPES.join(', ')}`);
const isoTime = z.string().describe('ISO 8601');

/* Registered apps (`/oauth/apps`). */

export const oauthAppSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  redirect_uris: z.array(z.string()),
  client_type: z.enum(CLIENT_TYPES),
  created_at: isoTime,
});
export type OAuthApp = z.infer<typeof oauthAppSchema>;
export const oauthAppsSchema = z.array(oauthAppSchema);

export const createdOAuthAppSchema = z.object({
  ...oauthAppSchema.shape,
  client_secret: z
    .string()
    .nullable()
    .describe('The confidential client’s secret, shown this once (stored hashed); null for a public client'),
});
export type CreatedOAuthApp = z.infer<typeof createdOAuthAppSchema>;

const redirectUri = z.string().superRefine((uri, context) => {
  const problem = redirectUriProblem(uri);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const nameField = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .describe(`1-${max} characters after trimming`);

export const createOAuthAppBody = z.object({
  name: nameField(APP_NAME_MAX_LENGTH),
  redirect_uris: formList(
    z
      .array(redirectUri)
      .min(1, 'register at least one redirect URI')
      .max(MAX_REDIRECT_URIS, `at most ${MAX_REDIRECT_URIS} redirect URIs`)
      .describe(
        `1-${MAX_REDIRECT_URIS} redirect URIs: absolute https, http on 127.0.0.1/[::1]/localhost, or a ` +
          'private-use scheme (com.example.app:/callback); no fragment; matched exactly',
      ),
  ),
  client_type: z.enum(CLIENT_TYPES),
});
export type CreateOAuthAppBody = z.infer<typeof createOAuthAppBody>;

export const clientIdParams = z.object({ client_id: z.string().max(200).describe('The app’s client_id') });

/* Apps the reader authorized (`/oauth/authorizations`). */

export const authorizationSchema = z.object({
  client_id: z.string(),
  app_name: z.string(),
  scopes: scopeList.describe('Every scope the reader granted the app (live tokens)'),
  authorized_at: isoTime.describe('When the reader first granted it (of the live tokens)'),
  last_used_at: isoTime.nullable().describe('The last /v1 call with one of its tokens; null for none'),
});
export type Authorization = z.infer<typeof authorizationSchema>;
export const authorizationsSchema = z.array(authorizationSchema);

/* Personal access tokens (`/personal-tokens`). */

export const personalTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: scopeList,
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
  token_hint: z.string().describe('The token’s last 4 characters'),
});
export type PersonalToken = z.infer<typeof personalTokenSchema>;
export const personalTokensSchema = z.array(personalTokenSchema);

export const createdPersonalTokenSchema = z.object({
  ...personalTokenSchema.shape,
  token: z.string().describe('The token, shown this once (stored hashed); it starts with prk_pat_'),
});
export type CreatedPersonalToken = z.infer<typeof createdPersonalTokenSchema>;

export const createPersonalTokenBody = z.object({
  name: nameField(TOKEN_NAME_MAX_LENGTH),
  scopes: formList(
    z
      .array(z.enum(OAUTH_SCOPES))
      .min(1, SCOPES_REQUIRED)
      .max(OAUTH_SCOPES.length)
      .describe(`A non-empty subset of ${OAUTH_SCOPES.join(', ')}`),
  ),
});
export type CreatePersonalTokenBody = z.infer<typeof createPersonalTokenBody>;

export const personalTokenParams = z.object({
  id: pathId({ detail: PERSONAL_TOKEN_NOT_FOUND, code: APPS_ERROR_CODES.tokenNotFound }),
});

/* The consent page (`/oauth/authorize/check`, `POST /oauth/authorize`). */

const authorizeFields = {
  client_id: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  response_type: z.string().max(100).optional(),
  scope: z.string().max(500).optional().describe('Space-separated scopes'),
  state: z.string().max(2000).optional().describe('Echoed back to the app unchanged'),
  code_challenge: z.string().max(200).optional().describe('PKCE (RFC 7636): BASE64URL(SHA-256(verifier))'),
  code_challenge_method: z.string().max(20).optional().describe('S256 only'),
};

/** The query the app sent to the site's /oauth/authorize page, passed on as it came. */
export const authorizeQuery = z.object(authorizeFields);
export type AuthorizeQuery = z.infer<typeof authorizeQuery>;

export const authorizeBody = z.object({
  ...authorizeFields,
  decision: z.enum(['allow', 'deny']),
});
export type AuthorizeBody = z.infer<typeof authorizeBody>;

/** Where to send the browser: the app's redirect URI with `code` and `state`, or with an RFC 6749 error. */
export const authorizeRedirectSchema = z.object({
  redirect_to: z.string().describe('The registered redirect URI with code & state, or error & state'),
});
export type AuthorizeRedirect = z.infer<typeof authorizeRedirectSchema>;

/** A valid request, for the consent page to show. */
export const authorizePromptSchema = z.object({
  client_id: z.string(),
  app_name: z.string(),
  scopes: scopeList,
  redirect_uri: z.string(),
});
export type AuthorizePrompt = z.infer<typeof authorizePromptSchema>;

export const authorizeCheckSchema = z.union([authorizePromptSchema, authorizeRedirectSchema]);
export type AuthorizeCheck = z.infer<typeof authorizeCheckSchema>;

/** RFC 6749 error body: the token endpoint's errors, and the 400 of a request that must not redirect. */
export const oauthErrorSchema = z.object({
  error: z.enum(OAUTH_ERRORS),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

/* The protocol (`/oauth/token`, `/oauth/revoke`, metadata). */

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds'),
  refresh_token: z.string().describe('Rotating: each use answers a new one; a reused one revokes them all'),
  scope: z.string().describe('Space-separated granted scopes'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const emptyObjectSchema = z.object({}).describe('Empty JSON object');

export const authorizationServerMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
  service_documentation: z.string(),
});

/* The library API (`/v1`). */

/** RFC 6750 error body of /v1 (401 invalid_token, 403 insufficient_scope, 429). */
export const bearerErrorSchema = z.object({
  error: z.string().describe('invalid_token, insufficient_scope, invalid_request (RFC 6750)'),
  error_description: z.string().optional(),
  scope: z.string().optional().describe('insufficient_scope: the scope the call needs'),
});

export const v1MeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar_url: z.string().nullable(),
});
export type V1Me = z.infer<typeof v1MeSchema>;

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().slice(0, 10) === value &&
      value >= '1900-01-01' &&
      value <= '2999-12-31'
    );
  }, 'must be a real date from 1900-01-01, YYYY-MM-DD');

export const libraryEntrySchema = z.object({
  series_id: z.number().int(),
  title: z.string(),
  list_id: z
    .number()
    .int()
    .describe('The list holding the entry; in several lists, the one in the lowest list place'),
  status: z.enum(READING_STATUSES),
  chapters_read: z.number().int(),
  score: z.number().int().nullable(),
  started_on: z.string().nullable().describe('YYYY-MM-DD or null'),
  finished_on: z.string().nullable().describe('YYYY-MM-DD or null'),
  updated_at: isoTime,
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

export const libraryPageSchema = z.object({
  items: z.array(libraryEntrySchema).describe(`At most ${LIBRARY_PAGE_SIZE}, by series id`),
  page: z.number().int(),
  has_more: z.boolean(),
});
export type LibraryPage = z.infer<typeof libraryPageSchema>;

export const libraryQuery = z.object({
  status: z
    .preprocess((value) => {
      const upper = typeof value === 'string' ? value.trim().toUpperCase() : value;
      return upper === '' ? undefined : upper;
    }, z.enum(READING_STATUSES).optional())
    .describe(`${READING_STATUSES.join(', ')} in any casing; empty for any`),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type LibraryQuery = z.infer<typeof libraryQuery>;

export const libraryPutBody = z
  .object({
    status: z.enum(READING_STATUSES).optional(),
    chapters_read: z.number().int().min(MIN_CHAPTERS_READ).max(MAX_CHAPTERS_READ).optional(),
    score: z
      .number({ error: PERSONAL_SCORE_MESSAGE })
      .int({ error: PERSONAL_SCORE_MESSAGE })
      .min(MIN_PERSONAL_SCORE, { error: PERSONAL_SCORE_MESSAGE })
      .max(MAX_PERSONAL_SCORE, { error: PERSONAL_SCORE_MESSAGE })
      .nullable()
      .optional(),
    started_on: calendarDate.nullable().optional(),
    finished_on: calendarDate.nullable().optional(),
    list_id: bodyId.optional().describe('Where to add the series when absent (default: the first list)'),
  })
  .refine((body) => !body.started_on || !body.finished_on || body.finished_on >= body.started_on, {
    message: DATES_OUT_OF_ORDER,
    path: ['finished_on'],
  });
export type LibraryPutBody = z.infer<typeof libraryPutBody>;

export const librarySeriesParams = z.object({
  seriesId: pathId({ detail: SERIES_NOT_FOUND, code: SERIES_NOT_FOUND_CODE }),
});

export const v1SeriesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  alt_titles: z.array(z.string()),
  type: z.enum(SERIES_TYPES),
  cover_url: z.string().nullable(),
  chapters: z.number().int().nullable(),
  mal_id: z.number().int().nullable(),
  anilist_id: z.number().int().nullable(),
  mangaupdates_id: z.string().nullable(),
});
export type V1Series = z.infer<typeof v1SeriesSchema>;
export const v1SeriesListSchema = z.array(v1SeriesSchema);

export const v1SearchQuery = z.object({
  q: z
    .string()
    .overwrite(emptyIfBlank)
    .pipe(
      z
        .string()
        .min(V1_SEARCH_MIN_LENGTH, `must be at least ${V1_SEARCH_MIN_LENGTH} characters`)
        .max(V1_SEARCH_MAX_LENGTH),
    ),
});

export const V1_EXTERNAL_SITES = ['myanimelist', 'anilist', 'mangaupdates'] as const;
export const v1SeriesByParams = z.object({
  site: z.enum(V1_EXTERNAL_SITES),
  externalId: z.string().max(40),
});
