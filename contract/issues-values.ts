/*
 * Issue reports, the values of the contract: types, statuses, their labels, limits and every text the API and
 * the site show (docs/features/issues.md). Imports nothing, so browser code can use it without pulling zod
 * into its bundle; the schemas are in ./issues.ts, which re-exports all of this.
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

/** How the site names each status (FIXED is shown as Resolved). */
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
/** Bounds a description to keep a report readable and the tracker light. */
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

/** Every text of the feature. */
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

/**
 * Where the problem was seen: an http(s) address or a path on this site. Anything else (`javascript:`,
 * `data:`) is refused, so the tracker can never be made to carry a script link.
 */
export function isReportablePageUrl(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  return URL.canParse(value);
}

/**
 * Where the API sends a browser that posted the report form without JavaScript (a navigation), by outcome:
 * 303 to one of these pages of the site, so the reporter reads the outcome on the site instead of a bare
 * JSON answer. Scripts and other clients get the JSON answers as before.
 */
export const REPORT_FORM_OUTCOMES = {
  sent: '/report-issue/sent',
  tooFast: '/report-issue/not-sent/too-fast',
  screenshot: '/report-issue/not-sent/screenshot',
  fields: '/report-issue/not-sent/fields',
  failed: '/report-issue/not-sent/failed',
} as const;
export type ReportFormOutcome = keyof typeof REPORT_FORM_OUTCOMES;
