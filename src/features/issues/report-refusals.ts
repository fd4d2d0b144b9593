import { IMAGE_TOO_LARGE } from '../../../contract/catalogue-values';
import {
  ISSUE_DESCRIPTION_MAX_LENGTH,
  ISSUE_TEXTS,
  ISSUE_TITLE_MAX_LENGTH,
  type ReportFormOutcome,
} from '../../../contract/issues-values';

/** Why the API refused a report posted without JavaScript, and what the reporter can do about it. */
export type Refusal = Exclude<ReportFormOutcome, 'sent'>;

export const REFUSALS: Record<Refusal, { lead: string; details: string[] }> = {
  tooFast: {
    lead: `${ISSUE_TEXTS.reportingTooFast}.`,
    details: ['Wait a few minutes, then send it again.'],
  },
  screenshot: {
    lead: 'The screenshot was refused.',
    details: [
      ISSUE_TEXTS.screenshotInvalid,
      ISSUE_TEXTS.screenshotTooLarge,
      IMAGE_TOO_LARGE,
      'Choose another file, or send the report without one.',
    ],
  },
  fields: {
    lead: 'Some fields need another look.',
    details: [
      `A report needs a title of 1 to ${ISSUE_TITLE_MAX_LENGTH} characters and a description of at most ${ISSUE_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')}, not only spaces.`,
      ISSUE_TEXTS.typeRequired,
      ISSUE_TEXTS.pageUrlInvalid,
      ISSUE_TEXTS.invalidEmail,
    ],
  },
  failed: {
    lead: ISSUE_TEXTS.submitFailed,
    details: ['Something went wrong on our side. Please send it again in a moment.'],
  },
};
