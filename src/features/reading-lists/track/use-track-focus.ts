import { useEffect, useRef, type FocusEvent } from 'react';

/**
 * Where the focus goes in the Track panel once it changed: to the control asked for (`focusOn`, e.g. the
 * status of an entry just added), or, when the control that had the focus went away (a removed entry, a
 * button that was no longer needed, an add put back), to `fallback()` rather than to the page. The panel
 * passes `onFocus` to its root.
 */
export function useTrackFocus(fallback: () => HTMLElement | null) {
  const wanted = useRef<string | null>(null);
  const lastFocused = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const target = wanted.current && document.getElementById(wanted.current);
    if (target) {
      wanted.current = null;
      target.focus();
      return;
    }
    const gone = lastFocused.current !== null && !lastFocused.current.isConnected;
    if (gone && (document.activeElement === document.body || document.activeElement === null)) {
      lastFocused.current = null;
      fallback()?.focus();
    }
  });

  return {
    focusOn: (id: string) => {
      wanted.current = id;
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      lastFocused.current = event.target;
    },
  };
}
