import { ISSUE_STATUSES, ISSUE_TEXTS, ISSUES_PAGE_SIZE } from '../../../contract/issues-values';
import type { IssueStatus } from '../../../contract/issues';
import { $isAdmin } from '../accounts/session-flags';
import { changeStatus, deleteReport, type ReportPage } from './tracker-api';
import { filtersFromSearch, isFiltered, searchFromFilters, type TrackerFilters } from './tracker-filters';
import { countersHtml, pageCount, resultsHtml, summaryText } from './tracker-markup';
import { $counts, $filters, $reportPage } from './tracker-store';

/** Typing pauses this long before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

function required<T extends Element>(root: ParentNode, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`tracker markup lacks ${selector}`);
  return element;
}

/**
 * The live tracker over the pre-rendered one: reads the filters from the URL, fetches the page and the
 * counters, and re-renders them with the same markup functions the build used. Admins get a status
 * dropdown per report (optimistic; on failure "Failed to update status" and a reload) and Delete (after a
 * confirm).
 */
export function startTracker(root: HTMLElement): void {
  const counters = required<HTMLElement>(root, '[data-counters]');
  const form = required<HTMLFormElement>(root, '[data-filters]');
  const search = required<HTMLInputElement>(form, '[name="q"]');
  const typeSelect = required<HTMLSelectElement>(form, '[name="type"]');
  const statusSelect = required<HTMLSelectElement>(form, '[name="status"]');
  const summary = required<HTMLElement>(root, '[data-summary]');
  const loadError = required<HTMLElement>(root, '[data-load-error]');
  const actionError = required<HTMLElement>(root, '[data-action-error]');
  const actionStatus = required<HTMLElement>(root, '[data-action-status]');
  const results = required<HTMLElement>(root, '[data-results]');
  const pager = required<HTMLElement>(root, '[data-pager]');
  const previous = required<HTMLButtonElement>(pager, '[data-previous]');
  const next = required<HTMLButtonElement>(pager, '[data-next]');
  const pageLabel = required<HTMLElement>(pager, '[data-page-label]');

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let lastPage: ReportPage | undefined;

  function setFilters(changes: Partial<TrackerFilters>): void {
    const current = $filters.get();
    // Any change but the page starts again from the first page.
    const page = changes.page ?? 1;
    $filters.set({ ...current, ...changes, page });
  }

  function showFilters(filters: TrackerFilters): void {
    if (search.value.trim() !== filters.q.trim() && document.activeElement !== search)
      search.value = filters.q;
    typeSelect.value = filters.type;
    statusSelect.value = filters.status;
  }

  function announce(text: string, tone: 'error' | 'status'): void {
    const region = tone === 'error' ? actionError : actionStatus;
    // A new node each time, so the same text twice is announced twice.
    region.replaceChildren(Object.assign(document.createElement('p'), { textContent: text }));
    region.hidden = false;
    if (tone === 'status') actionError.hidden = true;
  }

  /** Re-renders a region, giving the focus back to the control that had it (matched by its key). */
  function replaceKeepingFocus(region: HTMLElement, markup: string): void {
    const focused = document.activeElement;
    const key = region.contains(focused) ? (focused as HTMLElement).dataset.focusKey : undefined;
    region.innerHTML = markup;
    if (key) region.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`)?.focus();
  }

  function renderPage(page: ReportPage): void {
    lastPage = page;
    const filters = $filters.get();
    replaceKeepingFocus(
      results,
      resultsHtml(page.issues, isFiltered(filters), { admin: $isAdmin.get() }).value,
    );
    summary.textContent = summaryText(page.total, filters.page, ISSUES_PAGE_SIZE);
    const pages = pageCount(page.total, ISSUES_PAGE_SIZE);
    pager.hidden = pages <= 1;
    pageLabel.textContent = `Page ${Math.min(filters.page, pages)} of ${pages}`;
    previous.disabled = filters.page <= 1;
    next.disabled = filters.page >= pages;
    // A page emptied by a deletion (or an old link): show the last page that has reports.
    if (page.issues.length === 0 && page.total > 0 && filters.page > pages) setFilters({ page: pages });
  }

  $filters.set(filtersFromSearch(window.location.search));
  showFilters($filters.get());

  $filters.listen((filters) => {
    const url = `${window.location.pathname}${searchFromFilters(filters)}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', url);
    }
    showFilters(filters);
  });

  $reportPage.subscribe(({ data, error, loading }) => {
    results.setAttribute('aria-busy', String(Boolean(loading)));
    loadError.hidden = !error || Boolean(loading);
    if (data && data !== lastPage) renderPage(data);
  });

  $counts.subscribe(({ data }) => {
    if (data) replaceKeepingFocus(counters, countersHtml(data, $filters.get().status).value);
  });

  // The counters double as status chips: pressing one filters by its status, pressing it again clears it.
  $filters.listen((filters) => {
    for (const chip of counters.querySelectorAll<HTMLButtonElement>('[data-status-chip]')) {
      chip.setAttribute('aria-pressed', String(chip.dataset.statusChip === filters.status));
    }
  });
  // Signing in or out as an admin changes the rows' controls even before the refetch answers.
  $isAdmin.listen(() => {
    if (lastPage) renderPage(lastPage);
  });

  counters.addEventListener('click', (event) => {
    const chip = (event.target as Element).closest<HTMLButtonElement>('[data-status-chip]');
    if (!chip) return;
    const status = chip.dataset.statusChip ?? '';
    setFilters({ status: $filters.get().status === status ? '' : status });
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(searchTimer);
    setFilters({ q: search.value });
  });
  search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => setFilters({ q: search.value }), SEARCH_DEBOUNCE_MS);
  });
  typeSelect.addEventListener('change', () => setFilters({ type: typeSelect.value }));
  statusSelect.addEventListener('change', () => setFilters({ status: statusSelect.value }));

  previous.addEventListener('click', () => setFilters({ page: Math.max(1, $filters.get().page - 1) }));
  next.addEventListener('click', () => setFilters({ page: $filters.get().page + 1 }));
  required<HTMLButtonElement>(loadError, '[data-retry]').addEventListener('click', () => {
    $reportPage.invalidate();
    $counts.invalidate();
  });

  results.addEventListener('change', (event) => {
    const select = (event.target as Element).closest<HTMLSelectElement>('[data-action="status"]');
    if (select) void updateStatus(Number(select.dataset.id), select.value as IssueStatus);
  });
  results.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-action="delete"]');
    if (button && button.getAttribute('aria-disabled') !== 'true')
      void remove(Number(button.dataset.id), button);
  });

  /** Optimistic: the change shows at once; if the call fails the list reloads. */
  async function updateStatus(id: number, status: IssueStatus): Promise<void> {
    const page = $reportPage.get().data;
    const before = page?.issues.find((issue) => issue.id === id);
    if (!page || !before || !ISSUE_STATUSES.includes(status) || before.status === status) return;
    $reportPage.mutate({
      ...page,
      issues: page.issues.map((issue) => (issue.id === id ? { ...issue, status } : issue)),
    });
    const counts = $counts.get().data;
    if (counts) {
      $counts.mutate({ ...counts, [before.status]: counts[before.status] - 1, [status]: counts[status] + 1 });
    }
    try {
      const updated = await changeStatus(id, status);
      const current = $reportPage.get().data;
      if (current) {
        $reportPage.mutate({
          ...current,
          issues: current.issues.map((issue) => (issue.id === id ? updated : issue)),
        });
      }
      $counts.invalidate();
    } catch {
      announce(ISSUE_TEXTS.updateFailed, 'error');
      $reportPage.invalidate();
      $counts.invalidate();
    }
  }

  async function remove(id: number, button: HTMLButtonElement): Promise<void> {
    if (!window.confirm(ISSUE_TEXTS.confirmDelete)) return;
    button.setAttribute('aria-disabled', 'true');
    try {
      await deleteReport(id);
      announce(`Report #${id} deleted.`, 'status');
      // The row is gone: the focus goes to the list's summary rather than to the page's start.
      summary.focus();
      $reportPage.invalidate();
      $counts.invalidate();
    } catch {
      button.removeAttribute('aria-disabled');
      announce(ISSUE_TEXTS.deleteFailed, 'error');
    }
  }
}
