import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ISSUE_TEXTS, issueReportFields } from '../../contract/issues';
import { reportFailure, reportProblems, type ReportInput } from '../../src/features/issues/report-messages';

const valid: ReportInput = {
  type: 'BUG',
  title: 'Broken cover',
  description: 'The cover does not load.',
  page_url: '/series/3',
  email: '',
};

/** The API's own rules for the text fields: the form must refuse exactly what they refuse. */
const apiFields = z.object(issueReportFields);

function apiProblems(input: ReportInput) {
  const result = apiFields.safeParse({ ...input, screenshot: undefined });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message }));
}

describe('report form checks', () => {
  const cases: [string, Partial<ReportInput>][] = [
    ['valid', {}],
    ['blank title', { title: '   ' }],
    ['title at the limit', { title: 't'.repeat(120) }],
    ['title over the limit', { title: 't'.repeat(121) }],
    ['title over the limit before trimming only', { title: ` ${'t'.repeat(120)} ` }],
    ['blank description', { description: '\n' }],
    ['description over the limit', { description: 'd'.repeat(5001) }],
    ['unknown type', { type: 'SPAM' }],
    ['no type', { type: '' }],
    ['a good address', { email: 'reader@example.com' }],
    ['an address without a domain dot', { email: 'reader@example' }],
    ['an address with spaces', { email: 'read er@example.com' }],
    ['not an address', { email: 'reader' }],
    ['an https page', { page_url: 'https://panelrank.example/forum/3' }],
    ['a script page', { page_url: 'javascript:alert(1)' }],
    ['a protocol-relative page', { page_url: '//evil.example/x' }],
    ['everything wrong', { type: 'X', title: '', description: '', email: 'x', page_url: 'ftp://a' }],
  ];

  it.each(cases)('agrees with the API on %s', (_name, change) => {
    const input = { ...valid, ...change };
    expect(reportProblems(input)).toEqual(apiProblems(input));
  });

  it("uses the contract's e-mail text", () => {
    expect(reportProblems({ ...valid, email: 'nope' })).toEqual([
      { field: 'email', message: 'Please enter a valid email address or leave the field blank.' },
    ]);
  });

  it('refuses a screenshot over 2 MB or of another type, and ignores an empty file input', () => {
    const withFile = (size: number, type: string) => reportProblems({ ...valid, screenshot: { size, type } });
    expect(withFile(2 * 1024 * 1024, 'image/png')).toEqual([]);
    expect(withFile(2 * 1024 * 1024 + 1, 'image/png')).toEqual([
      { field: 'screenshot', message: ISSUE_TEXTS.screenshotTooLarge },
    ]);
    expect(withFile(1000, 'image/svg+xml')).toEqual([
      { field: 'screenshot', message: ISSUE_TEXTS.screenshotInvalid },
    ]);
    // Some systems declare no type; the server decides by the bytes.
    expect(withFile(1000, '')).toEqual([]);
    expect(withFile(0, '')).toEqual([]);
  });
});

describe('report failure texts', () => {
  const failed = { status: 500, detail: '', errors: [], retryAfter: undefined };

  it("shows the server's detail, else 'Failed to submit the report.'", () => {
    expect(reportFailure({ ...failed, detail: 'Internal server error' }).message).toBe(
      'Internal server error',
    );
    expect(reportFailure({ ...failed, status: undefined }).message).toBe('Failed to submit the report.');
  });

  it('puts field problems next to their fields and ignores fields the form does not have', () => {
    const failure = reportFailure({
      status: 422,
      detail: 'email: bad',
      errors: [
        { field: 'email', message: ISSUE_TEXTS.invalidEmail },
        { field: 'captcha', message: 'odd' },
      ],
      retryAfter: undefined,
    });
    expect(failure).toEqual({
      message: ISSUE_TEXTS.invalidEmail,
      problems: [{ field: 'email', message: ISSUE_TEXTS.invalidEmail }],
    });
  });

  it('adds the wait from Retry-After to a 429', () => {
    expect(
      reportFailure({ ...failed, status: 429, detail: ISSUE_TEXTS.reportingTooFast, retryAfter: 42 }).message,
    ).toBe("You're sending reports too fast; try again in 42s");
  });
});
