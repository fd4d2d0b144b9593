import { z } from 'zod';
import { pageQuery } from './http';

/*
 * Issue reports and the public tracker: types, statuses, the calls' bodies and answers, their limits and
 * every text the API and the site show (spec part 2 §2–§9, api.md "Issue reports").
 */

export const ISSUE_TYPES = ['BUG', 'FEATURE', 'CONTENT', 'OTHER'] as const;
export const ISSUE_STATUSES = ['OPEN', 'IN_PROGRESS', 'FIXED', 'WONT_FIX'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** How the site names each type. */
export const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
  BUG: 'Bug',
  FEATURE: 'Feature request',
  CONTENT: 'Content',
  OTHER: 'Other',
};

/** How the site names each status (spec §4: FIXED is shown as Resolved). */
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In Progress',
  FIXED: 'Resolved',
  WONT_FIX: "Won't Fix",
};

/** Statuses that close a report: reaching one e-mails the reporter, when they left an address. */
export const CLOSING_ISSUE_STATUSES = ['FIXED', 'WONT_FIX'] as const;
export type ClosingIssueStatus = (typeof CLOSING_ISSUE_STATUSES)[number];

export function isClosingIssueStatus(status: IssueStatus): status is ClosingIssueStatus {
  return (CLOSING_ISSUE_STATUSES as readonly IssueStatus[]).includes(status);
}

export const ISSUE_TITLE_MAX_LENGTH = 120;
/** The spec sets no bound; this one keeps a report readable and the tracker light. */
export const ISSUE_DESCRIPTION_MAX_LENGTH = 5000;
export const ISSUE_EMAIL_MAX_LENGTH = 254;
export const ISSUE_PAGE_URL_MAX_LENGTH = 2048;
export const ISSUE_SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** Screenshot formats, recognised by their bytes (never by name or declared type). */
export const ISSUE_SCREENSHOT_FORMATS = ['png', 'jpeg', 'webp', 'gif'] as const;
/** The file picker's hint; the server decides by the bytes. */
export const ISSUE_SCREENSHOT_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
export const ISSUES_PAGE_SIZE = 50;
export const ISSUES_MAX_PAGE_SIZE = 100;
export const ISSUE_SEARCH_MAX_LENGTH = 200;
/** Status changes listed per report on the tracker, newest kept. */
export const ISSUE_HISTORY_SHOWN = 5;

/** Every text of the feature, verbatim where the spec gives it. */
export const ISSUE_TEXTS = {
  submitted: 'Thanks! Your report has been submitted.',
  submitFailed: 'Failed to submit the report.',
  invalidEmail: 'Please enter a valid email address or leave the field blank.',
  titleRequired: 'Please enter a title.',
  titleTooLong: `The title can be at most ${ISSUE_TITLE_MAX_LENGTH} characters.`,
  descriptionRequired: 'Please describe the issue.',
  descriptionTooLong: `The description can be at most ${ISSUE_DESCRIPTION_MAX_LENGTH} characters.`,
  typeRequired: 'Please choose a type: bug, feature, content or other.',
  pageUrlInvalid: 'Please enter a web address (https://…) or a path on this site (/…).',
  screenshotInvalid: 'The screenshot must be a PNG, JPEG, WebP or GIF image.',
  screenshotTooLarge: 'The screenshot must be at most 2 MB.',
  reportingTooFast: "You're sending reports too fast",
  loadFailed: 'Failed to load reports',
  updateFailed: 'Failed to update status',
  deleteFailed: 'Failed to delete report',
  confirmDelete: 'Delete this report? This will also delete its screenshot (if any).',
  notFound: 'Issue not found',
  noReports: 'No reports yet.',
  noMatches: 'No reports match your search.',
} as const;

/** Codes of the feature's errors, next to `detail` (see contract/http.ts). */
export const ISSUE_ERROR_CODES = {
  notFound: 'ISSUE_NOT_FOUND',
  reportingTooFast: 'RATE_LIMITED',
} as const;

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

/** A form field left empty is a field not sent: forms always send every field. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Case-insensitive: `bug` is BUG. */
const issueType = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(ISSUE_TYPES, { error: ISSUE_TEXTS.typeRequired }),
);

/**
 * Where the problem was seen: an http(s) address or a path on this site. Anything else (`javascript:`,
 * `data:`) is refused, so the tracker can never be made to carry a script link.
 */
export function isReportablePageUrl(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  return URL.canParse(value);
}

/** The text fields of POST /issues/report; the API adds the screenshot file. */
export const issueReportFields = {
  type: issueType,
  title: z
    .string({ error: ISSUE_TEXTS.titleRequired })
    .trim()
    .min(1, ISSUE_TEXTS.titleRequired)
    .max(ISSUE_TITLE_MAX_LENGTH, ISSUE_TEXTS.titleTooLong),
  description: z
    .string({ error: ISSUE_TEXTS.descriptionRequired })
    .trim()
    .min(1, ISSUE_TEXTS.descriptionRequired)
    .max(ISSUE_DESCRIPTION_MAX_LENGTH, ISSUE_TEXTS.descriptionTooLong),
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

export const issueStatusBodySchema = z.object({
  status: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(ISSUE_STATUSES, { error: `must be one of ${ISSUE_STATUSES.join(', ')}` }),
  ),
});
