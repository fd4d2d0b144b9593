import { AUTH_CHANGED_EVENT, TOKEN_KEY, UNREAD_CHANGED_EVENT, USER_KEY } from '../accounts/session-keys';
import { signOut } from '../accounts/session-store';
import { isAdmin, readStoredSession } from '../accounts/stored-session';
import { API_URL } from '../../lib/api-client';
import type { BellMessage, BellStart } from '../notifications/bell-worker';
import { $searchTerm } from '../catalogue/search-term-store';
import { SEARCH_EVENT, searchHref } from './search-href';
import { typeFromPath } from './series-types';

/*
 * The site header's behaviour (Header.astro loads it on every page): the type list, search box and mobile
 * menu as disclosures, the site-wide search, and the signed-in area kept in step with the stored session.
 */

interface Disclosure {
  toggle: HTMLButtonElement;
  /** Clicks inside `root` do not count as outside clicks. */
  root: HTMLElement;
  show(open: boolean): void;
  afterOpen?(): void;
}

function query<T extends Element>(selector: string): T | null {
  return document.querySelector<T>(selector);
}

function isOpen(disclosure: Disclosure): boolean {
  return disclosure.toggle.getAttribute('aria-expanded') === 'true';
}

function setOpen(disclosure: Disclosure, open: boolean, returnFocus = false): void {
  disclosure.toggle.setAttribute('aria-expanded', String(open));
  disclosure.show(open);
  if (open) disclosure.afterOpen?.();
  else if (returnFocus) disclosure.toggle.focus();
}

function setUpDisclosures(): Disclosure[] {
  const disclosures: Disclosure[] = [];
  const typeToggle = query<HTMLButtonElement>('[data-type-toggle]');
  const typeMenu = query<HTMLElement>('[data-type-menu]');
  const typePicker = query<HTMLElement>('[data-type-picker]');
  if (typeToggle && typeMenu && typePicker) {
    const typeDisclosure: Disclosure = {
      toggle: typeToggle,
      root: typePicker,
      show: (open) => (typeMenu.hidden = !open),
    };
    disclosures.push(typeDisclosure);
  }

  const searchToggle = query<HTMLButtonElement>('[data-search-toggle]');
  const search = query<HTMLElement>('[data-search]');
  const searchInput = query<HTMLInputElement>('[data-search-input]');
  if (searchToggle && search) {
    disclosures.push({
      toggle: searchToggle,
      root: search,
      show: (open) => search.toggleAttribute('data-open', open),
      afterOpen: () => searchInput?.focus(),
    });
  }

  const menuToggle = query<HTMLButtonElement>('[data-menu-toggle]');
  const menu = query<HTMLElement>('[data-menu]');
  if (menuToggle && menu) {
    disclosures.push({
      toggle: menuToggle,
      // The menu button sits outside the panel; a click on it must not count as an outside click.
      root: menu.parentElement ?? menu,
      show: (open) => menu.toggleAttribute('data-open', open),
    });
  }

  for (const disclosure of disclosures) {
    disclosure.toggle.addEventListener('click', () => setOpen(disclosure, !isOpen(disclosure)));
    // Tabbing out closes it, like a click elsewhere: an open list, search box or menu panel would
    // otherwise cover the control that now has the focus.
    disclosure.root.addEventListener('focusout', (event) => {
      const next = event.relatedTarget;
      if (isOpen(disclosure) && next instanceof Node && !disclosure.root.contains(next)) {
        setOpen(disclosure, false);
      }
    });
  }

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // Innermost first: the type list and the search box sit inside the mobile menu.
    const open = disclosures.find(isOpen);
    if (!open) return;
    event.preventDefault();
    setOpen(open, false, true);
  });

  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Node)) return;
    for (const disclosure of disclosures) {
      if (isOpen(disclosure) && !disclosure.root.contains(target)) setOpen(disclosure, false);
    }
  });

  return disclosures;
}

function syncTypeLabel(): void {
  const current = typeFromPath(location.pathname);
  const label = query('[data-type-label]');
  if (label) label.textContent = current;
  for (const link of document.querySelectorAll<HTMLElement>('[data-type-link]')) {
    if (link.dataset.typeLink === current) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
}

function setUpSearch(disclosures: Disclosure[]): void {
  const form = query<HTMLFormElement>('[data-search-form]');
  const input = query<HTMLInputElement>('[data-search-input]');
  if (!form || !input) return;

  // The site-wide term (the address's `?search=`), also when the home page changes it in place: a
  // search, "Clear search", back and forward.
  $searchTerm.subscribe((term) => {
    input.value = term;
  });

  // The suggestions while typing load when the search box is first focused: pages that are only read never
  // download them.
  const list = query<HTMLElement>('[data-suggestions]');
  const status = query<HTMLElement>('[data-suggestions-status]');
  if (list && status) {
    input.addEventListener(
      'focus',
      () => {
        void import('../search-suggest/search-suggest').then(({ attachSuggestions }) =>
          attachSuggestions({ form, input, list, status }),
        );
      },
      { once: true },
    );
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const href = searchHref(input.value);
    if (!href) return;
    for (const disclosure of disclosures) setOpen(disclosure, false);
    // A page that can show results in place (the home page) cancels this event and does so.
    const proceed = window.dispatchEvent(
      new CustomEvent(SEARCH_EVENT, { detail: { term: input.value.trim() }, cancelable: true }),
    );
    if (proceed) location.assign(href);
  });
}

/**
 * The bell's live count, for signed-in visitors only: its worker (the stream and its reconnection) is
 * fetched when a session is stored, so visitors download none of it.
 */
let bell: Worker | null = null;
let bellToken: string | null = null;

function renderBell(message: BellMessage): void {
  if (!('unread' in message)) return;
  for (const link of document.querySelectorAll<HTMLElement>('[data-notification-bell]')) {
    link.setAttribute('aria-label', message.label);
    const badge = link.querySelector<HTMLElement>('[data-unread-count]');
    if (badge) {
      badge.textContent = message.badge;
      badge.hidden = !message.badge;
    }
  }
  window.dispatchEvent(new CustomEvent(UNREAD_CHANGED_EVENT, { detail: { unread: message.unread } }));
}

function syncBell(token: string | null): void {
  if (token === bellToken) return;
  bellToken = token;
  if (!bell && !token) return;
  if (!bell) {
    bell = new Worker(new URL('../notifications/bell-worker.ts', import.meta.url), { type: 'module' });
    bell.addEventListener('message', (event: MessageEvent<BellMessage>) => renderBell(event.data));
  }
  bell.postMessage({ apiUrl: API_URL, token } satisfies BellStart);
}

function renderAuthArea(): void {
  const session = readStoredSession();
  if (session || bellToken) syncBell(session?.token ?? null);
  document.documentElement.toggleAttribute('data-signed-in', session !== null);
  // Only the link shows or hides: the admin pages and the API check the role themselves.
  document.documentElement.toggleAttribute('data-admin', isAdmin(session?.user));
  for (const area of document.querySelectorAll<HTMLElement>('[data-auth-area]')) {
    const badge = area.querySelector<HTMLElement>('[data-username]');
    if (badge) {
      badge.textContent = session?.user.username ?? '';
      badge.title = session ? `Your account (${session.user.username})` : '';
    }
  }
}

function setUpAuthArea(): void {
  renderAuthArea();
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
    // Removes both entries, clears the user and goes to /.
    button.addEventListener('click', signOut);
  }
  window.addEventListener(AUTH_CHANGED_EVENT, renderAuthArea);
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) renderAuthArea();
  });
}

syncTypeLabel();
setUpSearch(setUpDisclosures());
setUpAuthArea();
