import { describe, expect, it } from 'vitest';
import { buttonKeyMove, menuKeyMove } from '../../src/ui/menu-keys';

const labels = ['Share', 'Copy Private Link', 'Export CSV', 'Export MyAnimeList XML', 'Delete List'];

describe('a menu button', () => {
  it('opens on the first item with ArrowDown, Enter or Space, on the last with ArrowUp', () => {
    expect(buttonKeyMove('ArrowDown', 5)).toEqual({ focus: 0 });
    expect(buttonKeyMove('Enter', 5)).toEqual({ focus: 0 });
    expect(buttonKeyMove(' ', 5)).toEqual({ focus: 0 });
    expect(buttonKeyMove('ArrowUp', 5)).toEqual({ focus: 4 });
    expect(buttonKeyMove('a', 5)).toBeNull();
    expect(buttonKeyMove('ArrowDown', 0)).toBeNull();
  });
});

describe('an open menu', () => {
  it('moves round with the arrows and to the ends with Home and End', () => {
    expect(menuKeyMove('ArrowDown', 0, labels)).toEqual({ focus: 1 });
    expect(menuKeyMove('ArrowDown', 4, labels)).toEqual({ focus: 0 });
    expect(menuKeyMove('ArrowUp', 0, labels)).toEqual({ focus: 4 });
    expect(menuKeyMove('Home', 3, labels)).toEqual({ focus: 0 });
    expect(menuKeyMove('End', 1, labels)).toEqual({ focus: 4 });
  });

  it('closes back to the button on Escape; Tab closes and lets focus move on', () => {
    expect(menuKeyMove('Escape', 2, labels)).toEqual({ close: true, restoreFocus: true });
    expect(menuKeyMove('Tab', 2, labels)).toEqual({ close: true, restoreFocus: false });
  });

  it('goes to the next item starting with a typed letter, round the end', () => {
    expect(menuKeyMove('e', 0, labels)).toEqual({ focus: 2 });
    expect(menuKeyMove('E', 2, labels)).toEqual({ focus: 3 });
    expect(menuKeyMove('e', 3, labels)).toEqual({ focus: 2 });
    expect(menuKeyMove('d', 0, labels)).toEqual({ focus: 4 });
    expect(menuKeyMove('z', 0, labels)).toBeNull();
  });

  it('leaves Enter, Space and other keys to the item', () => {
    for (const key of ['Enter', ' ', 'Shift', 'F5']) expect(menuKeyMove(key, 1, labels)).toBeNull();
  });
});
