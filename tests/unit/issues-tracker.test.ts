import { describe, expect, it } from 'vitest';
import type { Issue } from '../../contract/issues';
import { escapeHtml, html, safeHref } from '../../src/features/issues/safe-html';
import {
  DEFAULT_FILTERS,
  filtersFromSearch,
  searchFromFilters,
  trackerQuery,
} from '../../src/features/issues/tracker-filters';
import { countersHtml, pageCount, resultsHtml, summaryText } from '../../src/features/issues/tracker-markup';

const issue = (changes: Partial<Issue> = {}): Issue => ({
  id: 7,
  type: 'BUG',
  title: 'Vote button <b>stuck</b>',
  description: 'It says "<script>alert(1)</script>" & nothing else.',
  status: 'OPEN',
  page_url: '/series/3',
  screenshot_url: 'http://api.example/media/issue-screenshots/abc.webp',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  status_history: [{ status: 'IN_PROGRESS', changed_at: '2026-03-02T10:00:00.000Z' }],
  ...changes,
});

/** Markup with runs of whitespace as one space: assertions about content, not layout. */
const flat = (markup: { value: string }) => markup.value.replace(/\s+/g, ' ').replace(/> </g, '><');

const visitor = { admin: false, timeZone: 'UTC' };
const admin = { admin: true, timeZone: 'UTC' };

describe('safe html', () => {
  it('escapes every interpolated value unless it is already safe', () => {
    const inner = html`<i>${'<x>'}</i>`;
    expect(
      html`<p title="${'"quoted" & \'single\''}">${inner}${['<a>', inner]}${null}${false}</p>`.value,
    ).toBe(
      '<p title="&quot;quoted&quot; &amp; &#39;single&#39;"><i>&lt;x&gt;</i>&lt;a&gt;<i>&lt;x&gt;</i></p>',
    );
    expect(escapeHtml('<&>')).toBe('&lt;&amp;&gt;');
  });

  it('links only to web pages', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHref('/forum/3')).toBe('/forum/3');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      'data:text/html,x',
      '//evil.example',
      ' /x',
      null,
    ]) {
      expect(safeHref(bad)).toBeUndefined();
    }
  });
});

describe('tracker markup', () => {
  it('renders user text as text, never as markup', () => {
    const markup = resultsHtml([issue()], false, visitor).value;
    expect(markup).not.toContain('<script>');
    expect(markup).not.toContain('<b>');
    expect(markup).toContain('Vote button &lt;b&gt;stuck&lt;/b&gt;');
    expect(markup).toContain('&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; nothing else.');
  });

  it('shows visitors the status, type, history, page and screenshot, without e-mail or controls', () => {
    const markup = flat(resultsHtml([issue({ email: 'secret@example.com' })], false, visitor));
    expect(markup).toMatch(/<span class="[^"]*" ?>Open<\/span ?>/);
    expect(markup).toContain('>Bug</td>');
    expect(markup).toMatch(/Reported <time datetime="2026-03-01T10:00:00.000Z">1 Mar 2026<\/time>/);
    expect(markup).toMatch(/In Progress <time datetime="2026-03-02T10:00:00.000Z">2 Mar 2026<\/time>/);
    expect(markup).toContain('href="/series/3"');
    expect(markup).toContain('href="http://api.example/media/issue-screenshots/abc.webp"');
    expect(markup).not.toContain('secret@example.com');
    expect(markup).not.toContain('<select');
    expect(markup).not.toContain('data-action="delete"');
  });

  it('gives admins a status dropdown, Delete and the e-mail', () => {
    const markup = flat(
      resultsHtml([issue({ email: 'reporter@example.com', status: 'WONT_FIX' })], false, admin),
    );
    expect(markup).toContain('aria-label="Status of report #7: Vote button &lt;b&gt;stuck&lt;/b&gt;"');
    expect(markup).toMatch(/<option value="WONT_FIX" selected> ?Won&#39;t Fix ?<\/option>/);
    expect(markup).toMatch(/<option value="FIXED" > ?Resolved ?<\/option>/);
    expect(markup).toContain('data-action="delete"');
    expect(markup).toContain('href="mailto:reporter@example.com"');
  });

  it('never links a page_url that is not a web page', () => {
    const markup = resultsHtml([issue({ page_url: 'javascript:alert(1)' })], false, visitor).value;
    expect(markup).not.toContain('javascript:');
  });

  it('hides the end of a long description behind a disclosure', () => {
    const long = 'word '.repeat(100).trim();
    const markup = resultsHtml([issue({ description: long })], false, visitor).value;
    expect(markup).toContain('<details');
    expect(markup).toContain('Show all');
    expect(markup).toContain(long);
  });

  it('says why the list is empty', () => {
    expect(resultsHtml([], false, visitor).value).toContain('No reports yet.');
    expect(resultsHtml([], true, visitor).value).toContain('No reports match your search.');
  });

  it('counts per status, pressed for the status filtered by', () => {
    const markup = flat(countersHtml({ OPEN: 3, IN_PROGRESS: 1, FIXED: 12, WONT_FIX: 0 }, 'FIXED'));
    expect(markup).toContain('data-status-chip="FIXED" aria-pressed="true"');
    expect(markup).toContain('data-status-chip="OPEN" aria-pressed="false"');
    expect(markup).toMatch(/>12<\/span><span[^>]*>Resolved</);
    expect(countersHtml(null, '').value).toContain('>–</span>');
  });

  it('summarises the page', () => {
    expect(summaryText(0, 1, 50)).toBe('0 reports');
    expect(summaryText(1, 1, 50)).toBe('1 report');
    expect(summaryText(123, 1, 50)).toBe('Reports 1–50 of 123');
    expect(summaryText(123, 3, 50)).toBe('Reports 101–123 of 123');
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});

describe('tracker filters in the URL', () => {
  it('round-trips, and falls back to the defaults for anything unknown', () => {
    const filters = { q: 'broken cover', type: 'CONTENT', status: 'FIXED', page: 3 };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(searchFromFilters(DEFAULT_FILTERS)).toBe('');
    expect(filtersFromSearch('?type=spam&status=closed&page=-2')).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch('?type=bug&status=wont_fix&page=2.5')).toEqual({
      ...DEFAULT_FILTERS,
      type: 'BUG',
      status: 'WONT_FIX',
    });
  });

  it('asks the API for the list with the status and page, and for the counters without', () => {
    const filters = { q: ' cover ', type: 'BUG', status: 'OPEN', page: 2 };
    expect(trackerQuery(filters)).toEqual({
      q: 'cover',
      type: 'BUG',
      status: 'OPEN',
      page: '2',
      page_size: '50',
    });
    expect(trackerQuery(filters, false)).toEqual({ q: 'cover', type: 'BUG' });
    expect(trackerQuery(DEFAULT_FILTERS, false)).toEqual({});
  });
});
