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
  /** How to do `event` again once the island is ready; undefined for what is not held. */
  const replayOf = (event: Event): (() => void) | undefined => {
    if (event.type === 'submit') {
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      return () => form.requestSubmit(submitter);
    }
    if (event.type === 'change') {
      // A choice made in a select before the island is ready (a test or a quick reader): made again after.
      const field = event.target;
      if (!(field instanceof HTMLSelectElement)) return undefined;
      const { value } = field;
      return () => {
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      };
    }
    const button = (event.target as Element | null)?.closest('button');
    if (!button || button.type === 'submit') return undefined;
    return () => button.click();
  };
  const hold = (event: Event) => {
    if ((ready && !hydrating()) || scriptOwned(event)) return;
    const replay = replayOf(event);
    if (!replay) return;
    if (event.type !== 'change') event.preventDefault();
    // Held events go no further: once React has taken the island (its listeners are on it, after this one)
    // but not finished hydrating it, it would handle the event now as well as its replay later, and a
    // toggle pressed then would be pressed twice, i.e. not at all.
    event.stopImmediatePropagation();
    replays.push(replay);
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
