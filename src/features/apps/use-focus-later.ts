import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * An element to focus after the next render: after a confirmation dialog closes, its page behind is inert
 * until the dialog has gone, so focus can move (to a section's heading, say) only then.
 */
export function useFocusLater<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const target = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) target.current?.focus();
  }, [asked]);
  return [target, () => setAsked((count) => count + 1)];
}
