import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { MIN_COMPARE } from './compare-selection';
import { $compareNotice, $compareSelection } from './compare-store';
import styles from './CompareTray.module.css';

/** Room left between a focused control and the floating link, in CSS pixels. */
const FOCUS_CLEARANCE = 16;

/**
 * The floating "Compare N Series" link (from 2 selections) and the limit warning. The warning's live
 * region is always in the page so screen readers announce it when its text appears.
 */
export default function CompareTray() {
  const selection = useStore($compareSelection, { ssr: 'initial' });
  const notice = useStore($compareNotice, { ssr: 'initial' });
  const link = useRef<HTMLAnchorElement>(null);
  const shown = selection.length >= MIN_COMPARE;

  // The link floats over the page: a control that gets the focus underneath it (a card's toggles near the
  // bottom of the window) is scrolled up clear of it, so the focus is never hidden.
  useEffect(() => {
    if (!shown) return;
    const onFocusIn = (event: FocusEvent) => {
      const tray = link.current;
      const target = event.target;
      if (!tray || !(target instanceof Element) || tray.contains(target)) return;
      const cover = tray.getBoundingClientRect();
      const focused = target.getBoundingClientRect();
      const hidden =
        focused.bottom > cover.top &&
        focused.top < cover.bottom &&
        focused.right > cover.left &&
        focused.left < cover.right;
      if (hidden) window.scrollBy({ top: focused.bottom - cover.top + FOCUS_CLEARANCE });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [shown]);

  return (
    <div className={styles.tray}>
      <p className={notice ? styles.notice : 'visually-hidden'} role="status" aria-live="polite">
        {notice}
      </p>
      {shown && (
        // The selection travels in the session, not the address; the compare page reads it.
        <a className={styles.compareLink} href="/compare" ref={link}>
          Compare {selection.length} Series
        </a>
      )}
    </div>
  );
}
