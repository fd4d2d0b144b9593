import {
  ISSUE_STATUS_LABELS,
  ISSUE_STATUSES,
  ISSUE_TEXTS,
  ISSUE_TYPE_LABELS,
} from '../../../contract/issues-values';
import type { Issue, IssueCounts, IssueStatus } from '../../../contract/issues';
import { html, safeHref, type SafeHtml } from './safe-html';
import styles from './IssueTracker.module.css';

/*
 * The tracker's markup, from one place for both renderings: the first page at build time (crawlers and
 * visitors without JavaScript) and every live update in the browser. Pure: data in, HTML out.
 */

/** Descriptions longer than this show their start, with the rest behind a disclosure. */
const DESCRIPTION_PREVIEW = 240;

export interface RowOptions {
  admin: boolean;
  /** Dates in this zone: UTC at build time, the visitor's own in the browser. */
  timeZone?: string | undefined;
}

function dateText(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

function time(iso: string, options: RowOptions): SafeHtml {
  return html`<time datetime="${iso}">${dateText(iso, options.timeZone)}</time>`;
}

export function statusChip(status: IssueStatus): SafeHtml {
  return html`<span class="${styles.chip} ${styles[`status_${status}`]}"
    >${ISSUE_STATUS_LABELS[status]}</span
  >`;
}

/** The four counters; each is also the status filter's chip (pressed while it filters). */
export function countersHtml(counts: IssueCounts | null, activeStatus: string): SafeHtml {
  return html`${ISSUE_STATUSES.map(
    (status) =>
      html`<li>
        <button
          type="button"
          class="${styles.counter} ${styles[`status_${status}`]}"
          data-status-chip="${status}"
          aria-pressed="${String(status === activeStatus)}"
        >
          <span class="${styles.count}">${counts ? counts[status] : '–'}</span>
          <span class="${styles.counterLabel}">${ISSUE_STATUS_LABELS[status]}</span>
        </button>
      </li>`,
  )}`;
}

function description(issue: Issue): SafeHtml {
  const text = issue.description;
  if (text.length <= DESCRIPTION_PREVIEW) return html`<p class="${styles.description}">${text}</p>`;
  const preview = `${text.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…`;
  return html`<details class="${styles.more}">
    <summary>
      <span class="${styles.description}">${preview}</span> <span class="${styles.moreLabel}">Show all</span>
    </summary>
    <p class="${styles.description}">${text}</p>
  </details>`;
}

function details(issue: Issue, admin: boolean): SafeHtml {
  const page = safeHref(issue.page_url);
  const screenshot = safeHref(issue.screenshot_url);
  const items = [
    page &&
      html`<li>
        Page:
        <a href="${page}" rel="nofollow noopener" ${page.startsWith('/') ? '' : html`target="_blank"`}
          >${shortUrl(page)}</a
        >
      </li>`,
    screenshot &&
      html`<li>
        <a href="${screenshot}" target="_blank" rel="noopener"
          >Screenshot<span class="visually-hidden"> of report #${issue.id} (opens in a new tab)</span></a
        >
      </li>`,
    admin && issue.email && html`<li>Reporter: <a href="mailto:${issue.email}">${issue.email}</a></li>`,
  ].filter(Boolean);
  return items.length
    ? html`<ul class="${styles.meta}" role="list">
        ${items}
      </ul>`
    : html``;
}

/** `https://site/forum/3?x=1` as `site/forum/3?x=1`: enough to recognise, short enough for a phone. */
function shortUrl(url: string): string {
  const text = url.replace(/^https?:\/\//i, '');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function history(issue: Issue, options: RowOptions): SafeHtml {
  return html`<ol class="${styles.history}" role="list">
    <li>Reported ${time(issue.created_at, options)}</li>
    ${issue.status_history.map(
      (change) => html`<li>${ISSUE_STATUS_LABELS[change.status]} ${time(change.changed_at, options)}</li>`,
    )}
  </ol>`;
}

function statusCell(issue: Issue, admin: boolean): SafeHtml {
  if (!admin) return statusChip(issue.status);
  return html`<select
    class="${styles.statusSelect} ${styles[`status_${issue.status}`]}"
    data-action="status"
    data-id="${issue.id}"
    data-focus-key="status-${issue.id}"
    aria-label="Status of report #${issue.id}: ${issue.title}"
  >
    ${ISSUE_STATUSES.map(
      (status) =>
        html`<option value="${status}" ${status === issue.status ? html`selected` : ''}>
          ${ISSUE_STATUS_LABELS[status]}
        </option>`,
    )}
  </select>`;
}

function row(issue: Issue, options: RowOptions): SafeHtml {
  return html`<tr id="issue-${issue.id}" data-issue-id="${issue.id}">
    <td class="${styles.reportCell}">
      <span class="${styles.title}">${issue.title}</span>
      ${description(issue)} ${details(issue, options.admin)}
    </td>
    <td data-label="Type">${ISSUE_TYPE_LABELS[issue.type]}</td>
    <td data-label="Status">${statusCell(issue, options.admin)}</td>
    <td data-label="History">${history(issue, options)}</td>
    ${
      options.admin &&
      html`<td data-label="Actions">
        <button
          type="button"
          class="button ${styles.deleteButton}"
          data-action="delete"
          data-id="${issue.id}"
          data-focus-key="delete-${issue.id}"
          aria-label="Delete report #${issue.id}: ${issue.title}"
        >
          Delete
        </button>
      </td>`
    }
  </tr>`;
}

/** The table of reports, or the empty state. */
export function resultsHtml(issues: Issue[], filtered: boolean, options: RowOptions): SafeHtml {
  if (issues.length === 0) {
    return html`<p class="${styles.empty}">${filtered ? ISSUE_TEXTS.noMatches : ISSUE_TEXTS.noReports}</p>`;
  }
  return html`<table class="${styles.table}">
    <caption class="visually-hidden">
      Issue reports, newest first
    </caption>
    <thead>
      <tr>
        <th scope="col">Report</th>
        <th scope="col">Type</th>
        <th scope="col">Status</th>
        <th scope="col">History</th>
        ${options.admin && html`<th scope="col"><span class="visually-hidden">Actions</span></th>`}
      </tr>
    </thead>
    <tbody>
      ${issues.map((issue) => row(issue, options))}
    </tbody>
  </table>`;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "12 reports", "Reports 51–100 of 123". */
export function summaryText(total: number, page: number, pageSize: number): string {
  if (total <= pageSize && page === 1) return total === 1 ? '1 report' : `${total} reports`;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return `Reports ${first}–${last} of ${total}`;
}
