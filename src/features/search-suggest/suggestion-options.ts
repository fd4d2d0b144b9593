import type { Suggestion } from '../../../contract/catalogue';
import { optionId } from './combobox-state';
import { seeAllOption, suggestionHref, suggestionText } from './suggestion-text';

/*
 * The listbox's options, built as DOM (the suggestions carry no React): a cover, the title, type and rank,
 * and the matched alternative title; then "See all results for “{term}”". Each option's name is the whole
 * suggestion in words (aria-label), as the rank badge alone would read "#3".
 */

function part(tag: string, name: string, text: string): HTMLElement {
  const element = document.createElement(tag);
  element.dataset.part = name;
  element.textContent = text;
  return element;
}

function suggestionOption(suggestion: Suggestion): HTMLElement[] {
  const text = suggestionText(suggestion);
  const cover = suggestion.cover_url ? document.createElement('img') : part('span', 'no-cover', '');
  if (cover instanceof HTMLImageElement && suggestion.cover_url) {
    cover.src = suggestion.cover_url;
    cover.alt = '';
    cover.width = 32;
    cover.height = 48;
    cover.decoding = 'async';
  }
  cover.dataset.part = 'cover';
  const body = part('span', 'body', '');
  body.append(part('span', 'title', text.title));
  const meta = part('span', 'meta', `${text.type} · ${text.rank}`);
  body.append(meta);
  if (text.matched) body.append(part('span', 'matched', text.matched));
  return [cover, body];
}

export function renderOptions(
  list: HTMLElement,
  suggestions: Suggestion[],
  term: string,
  onChoose: (index: number) => void,
): void {
  const options = suggestions.map((suggestion, index) => {
    const option = document.createElement('li');
    option.append(...suggestionOption(suggestion));
    option.setAttribute('aria-label', suggestionText(suggestion).label);
    option.dataset.href = suggestionHref(suggestion);
    option.dataset.index = String(index);
    return option;
  });
  const seeAll = seeAllOption(term);
  const last = document.createElement('li');
  last.textContent = seeAll.text;
  last.dataset.href = seeAll.href;
  last.dataset.seeAll = '';
  options.push(last);
  options.forEach((option, index) => {
    option.id = optionId(list.id, index);
    option.setAttribute('role', 'option');
    option.setAttribute('aria-selected', 'false');
    option.addEventListener('click', () => onChoose(index));
  });
  list.replaceChildren(...options);
}
