import { describe, expect, it } from 'vitest';
import { suggestionCountText } from '../../contract/catalogue-values';
import { CLOSED, comboboxKey, withOptions } from '../../src/features/search-suggest/combobox-state';
import {
  seeAllOption,
  suggestionHref,
  suggestionText,
} from '../../src/features/search-suggest/suggestion-text';

describe('the header suggestions combobox', () => {
  const open = (active: number) => ({ open: true, active });

  it('opens with nothing active when suggestions arrive, and stays closed without any', () => {
    expect(withOptions(4)).toEqual({ open: true, active: -1 });
    expect(withOptions(0)).toEqual(CLOSED);
  });

  it('moves the active option with the arrow keys, wrapping round', () => {
    expect(comboboxKey(open(-1), 'ArrowDown', 3)).toMatchObject({ state: open(0), handled: true });
    expect(comboboxKey(open(0), 'ArrowDown', 3).state).toEqual(open(1));
    expect(comboboxKey(open(2), 'ArrowDown', 3).state).toEqual(open(0));
    expect(comboboxKey(open(-1), 'ArrowUp', 3).state).toEqual(open(2));
    expect(comboboxKey(open(0), 'ArrowUp', 3).state).toEqual(open(2));
    expect(comboboxKey(open(2), 'ArrowUp', 3).state).toEqual(open(1));
  });

  it('opens a closed list on the first option with Down, on the last with Up', () => {
    expect(comboboxKey(CLOSED, 'ArrowDown', 3).state).toEqual(open(0));
    expect(comboboxKey(CLOSED, 'ArrowUp', 3).state).toEqual(open(2));
    expect(comboboxKey(CLOSED, 'ArrowDown', 0)).toMatchObject({ state: CLOSED, handled: false });
  });

  it('opens the active option with Enter, or leaves Enter to the form to search', () => {
    expect(comboboxKey(open(1), 'Enter', 3)).toEqual({ state: CLOSED, action: 'choose', handled: true });
    expect(comboboxKey(open(-1), 'Enter', 3)).toEqual({ state: CLOSED, action: 'search', handled: false });
    expect(comboboxKey(CLOSED, 'Enter', 0)).toMatchObject({ action: 'search', handled: false });
  });

  it('closes with Escape, and lets Escape through when already closed', () => {
    expect(comboboxKey(open(1), 'Escape', 3)).toEqual({ state: CLOSED, action: 'close', handled: true });
    expect(comboboxKey(CLOSED, 'Escape', 3)).toMatchObject({ handled: false });
  });

  it('leaves other keys to the input', () => {
    expect(comboboxKey(open(1), 'a', 3)).toEqual({ state: open(1), action: 'none', handled: false });
    expect(comboboxKey(open(1), 'Home', 3).handled).toBe(false);
  });
});

describe('what a suggestion says', () => {
  const suggestion = {
    id: 7,
    title: 'Solo Leveling',
    type: 'MANHWA' as const,
    cover_url: null,
    rank: 3,
    matched_title: 'Na Honjaman Level Up',
  };

  it('shows title, type, rank and the matched alternative title, and reads them in words', () => {
    expect(suggestionText(suggestion)).toEqual({
      title: 'Solo Leveling',
      type: 'MANHWA',
      rank: '#3',
      matched: 'Also known as Na Honjaman Level Up',
      label: 'Solo Leveling, MANHWA, Rank 3, Also known as Na Honjaman Level Up',
    });
    expect(suggestionText({ ...suggestion, rank: null, matched_title: null })).toMatchObject({
      rank: '–',
      matched: null,
      label: 'Solo Leveling, MANHWA, Unranked',
    });
    expect(suggestionHref(suggestion)).toBe('/series/7');
  });

  it('ends with "See all results for “{term}”" leading to the results page', () => {
    expect(seeAllOption(' solo lev ')).toEqual({
      text: 'See all results for “solo lev”',
      href: '/?search=solo%20lev',
    });
  });

  it('announces how many suggestions there are', () => {
    expect(suggestionCountText(0)).toBe('No suggestions');
    expect(suggestionCountText(1)).toMatch(/^1 suggestion,/);
    expect(suggestionCountText(8)).toMatch(/^8 suggestions,/);
  });
});
