import {
  ISSUE_DESCRIPTION_MAX_LENGTH,
  ISSUE_EMAIL_MAX_LENGTH,
  ISSUE_PAGE_URL_MAX_LENGTH,
  ISSUE_SCREENSHOT_ACCEPT,
  ISSUE_SCREENSHOT_MAX_BYTES,
  ISSUE_TEXTS,
  ISSUE_TITLE_MAX_LENGTH,
  ISSUE_TYPES,
  isReportablePageUrl,
} from '../../../contract/issues-values';

/*
 * The report form's checks and the texts it shows for a failed submit: pure, so they are unit-tested
 * against the contract's own schema. The API checks everything again; these only save a round trip.
 */

export const REPORT_FIELDS = ['type', 'title', 'description', 'page_url', 'email', 'screenshot'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export interface ReportProblem {
  field: ReportField;
  message: string;
}

export interface ReportInput {
  type: string;
  title: string;
  description: string;
  page_url: string;
  email: string;
  /** The chosen file, if any: its size and declared type. */
  screenshot?: { size: number; type: string } | undefined;
}

/** Close to the API's e-mail rule; the API has the last word and its answer shows next to the field. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function reportProblems(input: ReportInput): ReportProblem[] {
  const problems: ReportProblem[] = [];
  const add = (field: ReportField, message: string) => problems.push({ field, message });
  if (!(ISSUE_TYPES as readonly string[]).includes(input.type)) add('type', ISSUE_TEXTS.typeRequired);
  const title = input.title.trim();
  if (!title) add('title', ISSUE_TEXTS.titleRequired);
  else if (title.length > ISSUE_TITLE_MAX_LENGTH) add('title', ISSUE_TEXTS.titleTooLong);
  const description = input.description.trim();
  if (!description) add('description', ISSUE_TEXTS.descriptionRequired);
  else if (description.length > ISSUE_DESCRIPTION_MAX_LENGTH)
    add('description', ISSUE_TEXTS.descriptionTooLong);
  const pageUrl = input.page_url.trim();
  if (pageUrl && (pageUrl.length > ISSUE_PAGE_URL_MAX_LENGTH || !isReportablePageUrl(pageUrl))) {
    add('page_url', ISSUE_TEXTS.pageUrlInvalid);
  }
  const email = input.email.trim();
  if (email && (email.length > ISSUE_EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email))) {
    add('email', ISSUE_TEXTS.invalidEmail);
  }
  const file = input.screenshot;
  if (file && file.size > 0) {
    if (file.size > ISSUE_SCREENSHOT_MAX_BYTES) add('screenshot', ISSUE_TEXTS.screenshotTooLarge);
    else if (file.type && !ISSUE_SCREENSHOT_ACCEPT.split(',').includes(file.type)) {
      add('screenshot', ISSUE_TEXTS.screenshotInvalid);
    }
  }
  return problems;
}

/** A failed POST /issues/report as the form needs it. */
export interface FailedReport {
  status: number | undefined;
  detail: string;
  errors: { field: string; message: string }[];
  /** Seconds, from Retry-After. */
  retryAfter: number | undefined;
}

export interface ReportFailure {
  /** The form's message (the server's detail, else 'Failed to submit the report.'). */
  message: string;
  /** Problems the server found with fields the form has, shown next to them. */
  problems: ReportProblem[];
}

export function reportFailure({ status, detail, errors, retryAfter }: FailedReport): ReportFailure {
  const problems = errors.filter((error): error is ReportProblem =>
    (REPORT_FIELDS as readonly string[]).includes(error.field),
  );
  if (status === 429 && detail) {
    return { message: retryAfter ? `${detail}; try again in ${retryAfter}s` : detail, problems: [] };
  }
  if (status === 422 && problems.length > 0) return { message: problems[0]!.message, problems };
  return { message: detail || ISSUE_TEXTS.submitFailed, problems };
}
