/*
 * The header search's suggestions as a combobox (the ARIA 1.2 pattern with a listbox): which option is
 * active and what a key does. Pure, so the rules are tested without a page; search-suggest.ts applies them.
 *
 * Options are the suggestions, then "See all results" last. No option is active (-1) until an arrow key
 * moves into the list; the arrows wrap round.
 */

export interface ComboboxState {
  open: boolean;
  /** The active option's index, or -1 for none (the focus stays in the input either way). */
  active: number;
}

export const CLOSED: ComboboxState = { open: false, active: -1 };

/** What the page does after a key: nothing more, open the active option, search the term, or close. */
export type ComboboxAction = 'none' | 'choose' | 'search' | 'close';

export interface ComboboxKeyResult {
  state: ComboboxState;
  action: ComboboxAction;
  /** The key was the combobox's: the page prevents its default (and Escape goes no further). */
  handled: boolean;
}

/** The combobox after `key` in the input, with `count` options (0 while none are there). */
export function comboboxKey(state: ComboboxState, key: string, count: number): ComboboxKeyResult {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (count === 0) return { state, action: 'none', handled: key === 'ArrowDown' && state.open };
      const down = key === 'ArrowDown';
      // Closed: Down opens on the first option, Up on the last.
      if (!state.open)
        return { state: { open: true, active: down ? 0 : count - 1 }, action: 'none', handled: true };
      const from = state.active;
      const active = down ? (from + 1) % count : from <= 0 ? count - 1 : from - 1;
      return { state: { open: true, active }, action: 'none', handled: true };
    }
    case 'Enter':
      // With no active option Enter searches: the form's own submit does it.
      if (!state.open || state.active < 0 || state.active >= count) {
        return { state: CLOSED, action: 'search', handled: false };
      }
      return { state: CLOSED, action: 'choose', handled: true };
    case 'Escape':
      if (!state.open) return { state, action: 'none', handled: false };
      return { state: CLOSED, action: 'close', handled: true };
    default:
      return { state, action: 'none', handled: false };
  }
}

/** The combobox once new options arrived: open when there is something to show, nothing active yet. */
export function withOptions(count: number): ComboboxState {
  return { open: count > 0, active: -1 };
}

/** The id of option `index` of the listbox `listId`, for aria-activedescendant. */
export function optionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}
