/*
 * The keys of a menu button and its menu (the WAI-ARIA menu button pattern), apart from the DOM: what a
 * key does given where focus is. Enter and Space on an item are the item's own click (items are buttons).
 */

/** What a key does: focus an item, close the menu (and whether focus goes back to the button), or nothing. */
export type MenuMove = { focus: number } | { close: true; restoreFocus: boolean } | null;

/** A key pressed on the closed menu's button: ArrowDown, Enter and Space open on the first item, ArrowUp on the last. */
export function buttonKeyMove(key: string, count: number): MenuMove {
  if (count === 0) return null;
  if (key === 'ArrowDown' || key === 'Enter' || key === ' ') return { focus: 0 };
  if (key === 'ArrowUp') return { focus: count - 1 };
  return null;
}

/**
 * A key pressed in the open menu on item `index` of `labels`: the arrows move round, Home and End go to
 * the ends, a letter to the next item starting with it, Escape closes back to the button, Tab closes and
 * lets focus move on.
 */
export function menuKeyMove(key: string, index: number, labels: readonly string[]): MenuMove {
  const count = labels.length;
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return { focus: (index + 1) % count };
    case 'ArrowUp':
      return { focus: (index - 1 + count) % count };
    case 'Home':
      return { focus: 0 };
    case 'End':
      return { focus: count - 1 };
    case 'Escape':
      return { close: true, restoreFocus: true };
    case 'Tab':
      return { close: true, restoreFocus: false };
  }
  if (key.length !== 1 || key === ' ') return null;
  const letter = key.toLocaleLowerCase();
  for (let step = 1; step <= count; step += 1) {
    const next = (index + step) % count;
    if (labels[next]!.trim().toLocaleLowerCase().startsWith(letter)) return { focus: next };
  }
  return null;
}
