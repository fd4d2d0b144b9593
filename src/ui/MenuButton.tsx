import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { buttonKeyMove, menuKeyMove, type MenuMove } from './menu-keys';
import styles from './MenuButton.module.css';

export interface MenuItem {
  key: string;
  /** The item's name, as shown. */
  label: string;
  /** A line under the label, read as the item's description. */
  description?: string;
  onSelect: () => void;
  /** Shown, but does nothing (a call on its way). */
  disabled?: boolean;
  danger?: boolean;
}

export interface MenuButtonProps {
  label: string;
  items: MenuItem[];
  /** The id of what the button is about (a list's name), read as its description. */
  describedBy?: string;
}

/**
 * A button opening a menu of actions (the WAI-ARIA menu button pattern): Enter, Space or ArrowDown open it
 * on the first item, ArrowUp on the last; in the menu the arrows, Home, End and a first letter move, Enter
 * and Space choose, Escape closes back to the button, Tab closes and moves on. A click outside closes it.
 */
export default function MenuButton({ label, items, describedBy }: MenuButtonProps) {
  const [focused, setFocused] = useState<number | null>(null);
  const open = focused !== null;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  const labels = items.map((item) => item.label);

  useEffect(() => {
    if (focused === null) return;
    menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focused]?.focus();
  }, [focused]);

  // A press outside closes the menu; focus goes back to the button unless the press put it elsewhere.
  useEffect(() => {
    if (!open) return;
    function outside(event: PointerEvent) {
      const target = event.target as Node;
      if (menu.current?.contains(target) || button.current?.contains(target)) return;
      setFocused(null);
      requestAnimationFrame(() => {
        if (document.activeElement === document.body) button.current?.focus({ preventScroll: true });
      });
    }
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function apply(move: MenuMove): boolean {
    if (!move) return false;
    if ('focus' in move) setFocused(move.focus);
    else {
      if (move.restoreFocus || menu.current?.contains(document.activeElement)) button.current?.focus();
      setFocused(null);
    }
    return true;
  }

  function onButtonKey(event: KeyboardEvent) {
    // Enter and Space are the button's click.
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (apply(buttonKeyMove(event.key, items.length))) event.preventDefault();
  }

  function onMenuKey(event: KeyboardEvent) {
    const index = focused ?? 0;
    const move = menuKeyMove(event.key, index, labels);
    // Tab closes with focus on the button, then moves on from there as usual.
    if (apply(move) && event.key !== 'Tab') event.preventDefault();
  }

  function choose(item: MenuItem) {
    if (item.disabled) return;
    button.current?.focus();
    setFocused(null);
    item.onSelect();
  }

  return (
    <div className={styles.wrap}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className={`button ${styles.button}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-describedby={describedBy}
        onClick={() => setFocused(open ? null : 0)}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className={styles.caret} aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          className={styles.menu}
          onKeyDown={onMenuKey}
        >
          {items.map((item, index) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              data-danger={item.danger || undefined}
              aria-disabled={item.disabled || undefined}
              aria-labelledby={`${id}-${index}-label`}
              aria-describedby={item.description ? `${id}-${index}-description` : undefined}
              onClick={() => choose(item)}
              onFocus={() => setFocused(index)}
            >
              <span id={`${id}-${index}-label`}>{item.label}</span>
              {item.description && (
                <span id={`${id}-${index}-description`} className={styles.description}>
                  {item.description}
                </span>
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
