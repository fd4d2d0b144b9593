import type { ClientDirective } from 'astro';
import { AWAKE_ATTRIBUTE, BEFORE_HYDRATE_EVENT, SCRIPT_OWNED_ATTRIBUTE, WAKE_EVENT } from './island-events';

/**
 * `client:interaction`: hydrates an island when the visitor first reaches for it (pointer over or down,
 * focus, a key, a touch inside it), so a page read without touching it never loads the island's framework
 * (for the account forms: React and the captcha).
 *
 * Nothing the visitor does is lost: uncontrolled inputs keep what was typed, the focus stays (hydration
 * reuses the server-rendered elements), and forms submitted, buttons clicked and selects changed before the
 * island is ready are held back (no native submission) and done again once it is, each of them, in order
 * (two compare toggles pressed while a slow phone hydrates the list are both pressed).
 *
 * React hydrates after `hydrateRoot` returns, so "ready" is when the island's content has no element marked
 * `data-hydrating` left (a component removes the mark once hydrated, see useHydrated), else the next frame.
 *
 * `client:interaction={{ now: 'css selector' }}` hydrates at once when the document element matches the
 * selector, e.g. `[data-signed-in]` so a signed-in visitor is sent on from the login page without a touch.
 * `{ on: 'css selector' }` narrows what counts as reaching for it to its controls matching the selector
 * (a list whose cards are links: pointing at, touching or tabbing through cards is reading, not acting).
 *
 * A plain script may own part of the island until then (island-events.ts): touching what it marked
 * `data-script-owned` hydrates nothing, it hears when hydration starts (so it can hand over what it
 * changed) and can ask for it.
 */
const TRIGGERS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;
/** What is held until the island is ready, then done again: a submission, a button's click, a select's choice. */
const HELD = ['submit', 'click', 'change'] as const;

const interactionDirective: ClientDirective = (load, options, el) => {
  let started = false;
  let ready = false;
  const replays: (() => void)[] = [];

  const hydrating = () => el.querySelector('[data-hydrating]') !== null;
  const scriptOwned = (event: Event) =>
    event.target instanceof Element && event.target.closest(`[${SCRIPT_OWNED_ATTRIBUTE}]`) !== null;
  const hold = (event: Event) => {
    if ((ready && !hydrating()) || scriptOwned(event)) return;
    if (event.type === 'submit') {
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      event.preventDefault();
      replays.push(() => form.requestSubmit(submitter));
    } else if (event.type === 'change') {
      // A choice made in a select before the island is ready (a test or a quick reader): made again after.
      const field = event.target;
      if (!(field instanceof HTMLSelectElement)) return;
      const { value } = field;
      replays.push(() => {
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      });
    } else {
      const button = (event.target as Element | null)?.closest('button');
      if (!button || button.type === 'submit') return;
      event.preventDefault();
      replays.push(() => button.click());
    }
    void hydrate();
  };

  const value = options.value as { now?: string; on?: string } | undefined;
  // `on`: only a reach for one of the island's controls counts (or for the island as a whole).
  const reaching = (target: EventTarget | null) =>
    !value?.on || target === el || (target instanceof Element && target.closest(value.on) !== null);
  const reach = (event: Event) => {
    if (!scriptOwned(event) && reaching(event.target)) void hydrate();
  };

  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, reach, true);
    el.setAttribute(AWAKE_ATTRIBUTE, '');
    // Before the code loads: a script that changed the island's markup hands it over now (its props).
    el.dispatchEvent(new Event(BEFORE_HYDRATE_EVENT));
    const hydrateIsland = await load();
    await hydrateIsland();
    ready = true;
    await new Promise<void>((resolve) => {
      if (!hydrating()) return requestAnimationFrame(() => resolve());
      const observer = new MutationObserver(() => {
        if (hydrating()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(el, { attributes: true, attributeFilter: ['data-hydrating'], subtree: true });
    });
    for (const type of HELD) el.removeEventListener(type, hold, true);
    for (const replay of replays.splice(0)) replay();
  };

  for (const type of HELD) el.addEventListener(type, hold, true);
  el.addEventListener(WAKE_EVENT, () => void hydrate(), { once: true });
  if (typeof value === 'object' && value?.now && document.documentElement.matches(value.now)) {
    void hydrate();
    return;
  }
  for (const type of TRIGGERS) el.addEventListener(type, reach, { capture: true, passive: true });
  // Already focused inside before this ran (autofocus, a quick tab): that counts as reaching for it.
  if (el.contains(document.activeElement) && reaching(document.activeElement)) void hydrate();
};

export default interactionDirective;
