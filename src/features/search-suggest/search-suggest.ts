import { SUGGEST_FAILED, SUGGEST_MIN_CHARS, suggestionCountText } from '../../../contract/catalogue-values';
import type { Suggestion } from '../../../contract/catalogue';
import { CLOSED, comboboxKey, optionId, withOptions, type ComboboxState } from './combobox-state';
import { renderOptions } from './suggestion-options';
import { $suggestions, isAbort, suggestFor } from './suggest.queries';

/*
 * The header search's suggestions while typing (loaded by header-controls.ts when the search box is first
 * focused). The input is the combobox, the listbox under it holds the suggestions and "See all results";
 * the focus stays in the input and aria-activedescendant names the active option.
 */

export interface SuggestElements {
  form: HTMLFormElement;
  input: HTMLInputElement;
  list: HTMLElement;
  /** The polite live region that says how many suggestions there are. */
  status: HTMLElement;
}

/** Typing pauses this long before a term is asked for. */
const DEBOUNCE_MS = 120;

export function attachSuggestions({ form, input, list, status }: SuggestElements): void {
  let state: ComboboxState = CLOSED;
  let shown: Suggestion[] = [];
  let shownTerm = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const optionCount = () => (shownTerm ? shown.length + 1 : 0);
  const longEnough = () => [...input.value.trim()].length >= SUGGEST_MIN_CHARS;

  function apply(next: ComboboxState) {
    state = next;
    const open = state.open && optionCount() > 0;
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    for (const [index, option] of [...list.children].entries()) {
      option.setAttribute('aria-selected', String(index === state.active));
    }
    const active = open && state.active >= 0 ? optionId(list.id, state.active) : null;
    if (active) {
      input.setAttribute('aria-activedescendant', active);
      document.getElementById(active)?.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  function close() {
    clearTimeout(timer);
    apply(CLOSED);
  }

  function choose(index: number) {
    const option = list.children[index];
    const href = option instanceof HTMLElement ? option.dataset.href : undefined;
    close();
    if (index === shown.length || !href) form.requestSubmit();
    else location.assign(href);
  }

  $suggestions.subscribe(({ data, error, loading }) => {
    const term = input.value.trim();
    if (loading && !data) return;
    if (error && !isAbort(error)) {
      shown = [];
      shownTerm = '';
      status.textContent = SUGGEST_FAILED;
      status.toggleAttribute('data-failed', true);
      close();
      return;
    }
    if (!data || document.activeElement !== input) return;
    shown = data;
    shownTerm = term;
    status.removeAttribute('data-failed');
    renderOptions(list, shown, term, choose);
    status.textContent = suggestionCountText(shown.length);
    apply(withOptions(optionCount()));
  });

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const value = input.value;
    if (!longEnough()) {
      suggestFor('');
      shownTerm = '';
      status.textContent = '';
      status.removeAttribute('data-failed');
      close();
      return;
    }
    timer = setTimeout(() => suggestFor(value), DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    const result = comboboxKey(state, event.key, optionCount());
    if (result.handled) {
      event.preventDefault();
      // Escape closes the suggestions only, not the search box around them.
      if (event.key === 'Escape') event.stopPropagation();
    }
    if (result.action === 'choose') choose(state.active);
    else apply(result.state);
  });

  input.addEventListener('blur', close);
  const resume = () => {
    if (longEnough()) suggestFor(input.value);
  };
  input.addEventListener('focus', resume);
  // A click keeps the focus in the input (it would close the list first).
  list.addEventListener('mousedown', (event) => event.preventDefault());
  form.addEventListener('submit', close);
  // What was typed while this code loaded.
  if (document.activeElement === input) resume();
}
