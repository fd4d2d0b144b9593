import { z } from 'zod';
import { pageQuery, pathId, requiredText } from './http';
import {
  ISSUE_DESCRIPTION_MAX_LENGTH,
  ISSUE_ERROR_CODES,
  ISSUE_EMAIL_MAX_LENGTH,
  ISSUE_HISTORY_SHOWN,
  ISSUE_PAGE_URL_MAX_LENGTH,
  ISSUE_SEARCH_MAX_LENGTH,
  ISSUE_STATUSES,
  ISSUE_TEXTS,
  ISSUE_TITLE_MAX_LENGTH,
  ISSUE_TYPES,
  ISSUES_MAX_PAGE_SIZE,
  ISSUES_PAGE_SIZE,
  isReportablePageUrl,
} from './issues-values';

/*
 * Issue reports and the public tracker: the calls' bodies and answers (docs/api.md, Issues), with the values
 * they use (./issues-values.ts, re-exported here so the API imports one module).
 */

export * from './issues-values';

/** A status change as the tracker lists it. */
export const issueStatusChangeSchema = z.object({
  status: z.enum(ISSUE_STATUSES),
  changed_at: z.string().describe('ISO 8601 time of the change'),
});
export type IssueStatusChange = z.infer<typeof issueStatusChangeSchema>;

export const issueSchema = z.object({
  id: z.number().int(),
  type: z.enum(ISSUE_TYPES),
  title: z.string(),
  description: z.string(),
  status: z.enum(ISSUE_STATUSES),
  page_url: z.string().nullable(),
  screenshot_url: z.string().nullable().describe('Absolute URL of the re-encoded screenshot (WebP)'),
  created_at: z.string(),
  updated_at: z.string(),
  email: z.string().nullable().optional().describe("The reporter's address; present for admins only"),
  status_history: z
    .array(issueStatusChangeSchema)
    .describe(`The latest ${ISSUE_HISTORY_SHOWN} status changes, oldest first (additive field)`),
});
export type Issue = z.infer<typeof issueSchema>;

/** GET /issues: an array, as older clients expect; the total is in `X-Total-Count`. */
export const issueListSchema = z.array(issueSchema);

export const issueCountsSchema = z.object({
  OPEN: z.number().int(),
  IN_PROGRESS: z.number().int(),
  FIXED: z.number().int(),
  WONT_FIX: z.number().int(),
});
export type IssueCounts = z.infer<typeof issueCountsSchema>;

export const issueReportedSchema = z.object({
  message: z.literal(ISSUE_TEXTS.submitted),
  id: z.number().int(),
});

/** The answer to a report form posted without JavaScript: no body, Location names the outcome's page. */
export const reportFormRedirectSchema = z
  .literal('')
  .describe("A browser navigation (Sec-Fetch-Mode: navigate): Location is the site's page for the outcome");

/** A form field left empty is a field not sent: forms always send every field. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Case-insensitive: `bug` is BUG. */
const issueType = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(ISSUE_TYPES, { error: ISSUE_TEXTS.typeRequired }),
);

/** The text fields of POST /issues/report; the API adds the screenshot file. */
export const issueReportFields = {
  type: issueType,
  title: requiredText(ISSUE_TEXTS.titleRequired).max(ISSUE_TITLE_MAX_LENGTH, ISSUE_TEXTS.titleTooLong),
  description: requiredText(ISSUE_TEXTS.descriptionRequired).max(
    ISSUE_DESCRIPTION_MAX_LENGTH,
    ISSUE_TEXTS.descriptionTooLong,
  ),
  page_url: z.preprocess(
    blankToUndefined,
    z
      .string({ error: ISSUE_TEXTS.pageUrlInvalid })
      .trim()
      .max(ISSUE_PAGE_URL_MAX_LENGTH, ISSUE_TEXTS.pageUrlInvalid)
      .refine(isReportablePageUrl, ISSUE_TEXTS.pageUrlInvalid)
      .optional(),
  ),
  email: z.preprocess(
    blankToUndefined,
    z
      .string({ error: ISSUE_TEXTS.invalidEmail })
      .trim()
      .max(ISSUE_EMAIL_MAX_LENGTH, ISSUE_TEXTS.invalidEmail)
      .pipe(z.email(ISSUE_TEXTS.invalidEmail))
      .optional(),
  ),
};

/** Filters shared by the list and the counters. */
const issueFilters = {
  q: z
    .string()
    .trim()
    .max(ISSUE_SEARCH_MAX_LENGTH)
    .optional()
    .describe('Words searched in title and description, ignoring case'),
  type: z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim().toUpperCase()) : value),
    z.enum(ISSUE_TYPES).optional(),
  ),
};

export const issueListQuerySchema = z.object({
  ...issueFilters,
  status: z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim().toUpperCase()) : value),
    z.enum(ISSUE_STATUSES).optional(),
  ),
  ...pageQuery(ISSUES_PAGE_SIZE, ISSUES_MAX_PAGE_SIZE),
});
export type IssueListQuery = z.infer<typeof issueListQuerySchema>;

export const issueCountsQuerySchema = z.object(issueFilters);

/** `/issues/{id}` path parameters. */
export const issueIdParams = z.object({
  id: pathId({ detail: ISSUE_TEXTS.notFound, code: ISSUE_ERROR_CODES.notFound }),
});

export const issueStatusBodySchema = z.object({
  status: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(ISSUE_STATUSES, { error: `must be one of ${ISSUE_STATUSES.join(', ')}` }),
  ),
});
