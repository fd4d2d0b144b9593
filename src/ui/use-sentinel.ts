import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Infinite scroll: calls `onReached` when the returned element comes within `margin` of the viewport.
 * Turn `enabled` off while a page loads: turned on again, it calls at once if the element is still in view
 * (a short page does not fill the screen).
 */
export function useSentinel<T extends HTMLElement>(
  enabled: boolean,
  onReached: () => void,
  margin = '400px',
) {
  const ref = useRef<T>(null);
  const reached = useEffectEvent(onReached);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reached();
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return ref;
}
