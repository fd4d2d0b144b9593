/*
 * When infinite scroll asks for the next page, shared by the React list and the pre-rendered pages' plain
 * script (scroll-pages.ts). A module with no imports, so the script loads nothing of the React list's.
 */

/** Infinite scroll fires once the bottom of the viewport passes 80% of the page. */
export const SCROLL_TRIGGER_RATIO = 0.8;
export const SCROLL_THROTTLE_MS = 150;

export function isPastScrollTrigger(
  scrollY: number,
  viewportHeight: number,
  documentHeight: number,
): boolean {
  if (documentHeight <= 0) return false;
  return (scrollY + viewportHeight) / documentHeight >= SCROLL_TRIGGER_RATIO;
}

/** Calls `fn` at most once per `wait` ms, the last call of a burst included (it runs when the wait ends). */
export function throttle(fn: () => void, wait: number): { run: () => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    const now = Date.now();
    const remaining = wait - (now - last);
    if (remaining <= 0) {
      clearTimeout(timer);
      timer = undefined;
      last = now;
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, remaining);
    }
  };
  return { run, cancel: () => clearTimeout(timer) };
}
