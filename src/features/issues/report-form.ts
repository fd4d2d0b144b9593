import type { FetchError } from 'ofetch';
import type { ValidationErrorBody } from '../../../contract/http';
import { ISSUE_TEXTS, ISSUE_TITLE_MAX_LENGTH, ISSUE_TYPES } from '../../../contract/issues-values';
import { api, errorDetail, errorStatus } from '../../lib/api-client';
import noticeStyles from '../../ui/FormNotice.module.css';
import {
  REPORT_FIELDS,
  reportFailure,
  reportProblems,
  type ReportField,
  type ReportProblem,
} from './report-messages';

function fieldControls(form: HTMLFormElement, field: ReportField): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>(`[name="${field}"]`)];
}

/** `?page_url=` (the forum thread's "Report issue" link), else the site page the visitor came from. */
function pageToReport(): string {
  const fromQuery = new URLSearchParams(window.location.search).get('page_url');
  if (fromQuery) return fromQuery;
  try {
    const referrer = new URL(document.referrer);
    if (referrer.origin === window.location.origin && referrer.pathname !== window.location.pathname) {
      return referrer.href;
    }
  } catch {
    // No referrer, or not a URL.
  }
  return '';
}

/**
 * `?type=` and `?title=` fill the form in (a list import's link asking for a series it did not find sends
 * type CONTENT and the title); a type that is not one is ignored.
 */
function prefillFromQuery(form: HTMLFormElement): void {
  const params = new URLSearchParams(window.location.search);
  const type = params.get('type')?.toUpperCase();
  if (type && (ISSUE_TYPES as readonly string[]).includes(type)) {
    const choice = form.querySelector<HTMLInputElement>(`input[name="type"][value="${type}"]`);
    if (choice) choice.checked = true;
  }
  const title = params.get('title')?.trim();
  const titleInput = form.querySelector<HTMLInputElement>('input[name="title"]');
  if (title && titleInput) titleInput.value = title.slice(0, ISSUE_TITLE_MAX_LENGTH);
}

/**
 * The report form without React: checks the fields as the API will (the contract's texts next to each
 * field), shows the chosen screenshot (its file control, src/ui/FileField.astro, names it and removes it),
 * sends the form as multipart and announces the outcome.
 */
export function startReportForm(form: HTMLFormElement): void {
  // The script's checks (with the contract's texts) replace the browser's, which only run without it.
  form.noValidate = true;
  const errorNotice = form.querySelector<HTMLElement>('[data-notice="error"]')!;
  const successNotice = form.querySelector<HTMLElement>('[data-notice="success"]')!;
  const submit = form.querySelector<HTMLButtonElement>('[data-submit]')!;
  const fileInput = form.querySelector<HTMLInputElement>('input[name="screenshot"]')!;
  const preview = form.querySelector<HTMLElement>('[data-preview]')!;
  const previewImage = form.querySelector<HTMLImageElement>('[data-preview-image]')!;
  const pageInput = form.querySelector<HTMLInputElement>('input[name="page_url"]')!;
  let previewUrl: string | undefined;
  let busy = false;

  const initialPage = pageToReport();
  pageInput.value = initialPage;
  prefillFromQuery(form);

  /** `announceOnly`: read out but not shown, for texts already shown next to their field. */
  function notice(region: HTMLElement, text: string, tone: 'error' | 'success', announceOnly = false) {
    const className = announceOnly ? 'visually-hidden' : `${noticeStyles.notice} ${noticeStyles[tone]}`;
    // A new node per message, so the same text twice is announced twice.
    region.replaceChildren(
      ...(text ? [Object.assign(document.createElement('p'), { className, textContent: text })] : []),
    );
  }

  function showProblems(problems: ReportProblem[]) {
    for (const field of REPORT_FIELDS) {
      const problem = problems.find((candidate) => candidate.field === field);
      const error = form.querySelector<HTMLElement>(`[data-error-for="${field}"]`)!;
      error.textContent = problem?.message ?? '';
      error.hidden = !problem;
      for (const control of fieldControls(form, field)) {
        if (problem) control.setAttribute('aria-invalid', 'true');
        else control.removeAttribute('aria-invalid');
        // The error is read with the field, before its hint (and a file control's chosen file).
        const others = (control.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .filter((id) => id && id !== error.id);
        const describedBy = [problem ? error.id : undefined, ...others].filter(Boolean).join(' ');
        if (describedBy) control.setAttribute('aria-describedby', describedBy);
      }
    }
    const first = problems[0];
    if (first)
      fieldControls(form, first.field)
        .find((control) => !(control as HTMLInputElement).disabled)
        ?.focus();
  }

  function clearPreview() {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = undefined;
    previewImage.removeAttribute('src');
    preview.hidden = true;
  }

  fileInput.addEventListener('change', () => {
    clearPreview();
    const file = fileInput.files?.[0];
    if (!file || !file.type.startsWith('image/')) return;
    previewUrl = URL.createObjectURL(file);
    previewImage.src = previewUrl;
    preview.hidden = false;
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form);
    const file = fileInput.files?.[0];
    const problems = reportProblems({
      type: String(data.get('type') ?? ''),
      title: String(data.get('title') ?? ''),
      description: String(data.get('description') ?? ''),
      page_url: String(data.get('page_url') ?? ''),
      email: String(data.get('email') ?? ''),
      screenshot: file && { size: file.size, type: file.type },
    });
    showProblems(problems);
    notice(successNotice, '', 'success');
    if (problems.length > 0) {
      // Shown next to the fields; the alert reads the first so a screen reader hears why nothing happened.
      notice(errorNotice, problems[0]!.message, 'error', true);
      return;
    }
    // An empty file input would send an empty part; leave it out.
    if (!file) data.delete('screenshot');

    busy = true;
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = 'Sending…';
    notice(errorNotice, '', 'error');
    try {
      await api('/issues/report', { method: 'POST', body: data });
      form.reset();
      pageInput.value = initialPage;
      clearPreview();
      notice(successNotice, ISSUE_TEXTS.submitted, 'success');
    } catch (error) {
      const body = (error as FetchError<Partial<ValidationErrorBody>> | undefined)?.data;
      const retryAfter = Number((error as FetchError | undefined)?.response?.headers.get('retry-after'));
      const failure = reportFailure({
        status: errorStatus(error),
        detail: errorDetail(error, ''),
        errors: Array.isArray(body?.errors) ? body.errors : [],
        retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      });
      showProblems(failure.problems);
      notice(errorNotice, failure.message, 'error', failure.problems.length > 0);
    } finally {
      busy = false;
      submit.removeAttribute('aria-disabled');
      submit.textContent = 'Send report';
    }
  });
}
