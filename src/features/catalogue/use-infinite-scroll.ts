import { useEffect, useEffectEvent } from 'react';
import { SCROLL_THROTTLE_MS, isPastScrollTrigger, throttle } from './ranking-list-state';

/**
 * Infinite scroll: `loadMore` once the viewport's bottom passes 80% of the page, checked at most every
 * 150 ms while `canLoad`, and again after each page (`page` grew) in case the page is still short; at once
 * when `checkNow` (the pages' scroll script was loading one when the island took over).
 */
export function useInfiniteScroll(
  canLoad: boolean,
  page: number,
  checkNow: boolean,
  loadMore: () => void,
): void {
  const checkScroll = useEffectEvent(() => {
    if (!canLoad) return;
    const root = document.documentElement;
    if (isPastScrollTrigger(window.scrollY, window.innerHeight, root.scrollHeight)) loadMore();
  });
  useEffect(() => {
    if (checkNow) checkScroll();
    const throttled = throttle(() => checkScroll(), SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', throttled.run, { passive: true });
    window.addEventListener('resize', throttled.run, { passive: true });
    return () => {
      throttled.cancel();
      window.removeEventListener('scroll', throttled.run);
      window.removeEventListener('resize', throttled.run);
    };
  }, []);
  useEffect(() => {
    if (page <= 1) return;
    // After the new cards are laid out.
    const frame = requestAnimationFrame(() => checkScroll());
    return () => cancelAnimationFrame(frame);
  }, [page]);
}
