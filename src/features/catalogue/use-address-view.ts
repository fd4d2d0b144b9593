import { useEffect, useEffectEvent } from 'react';
import { searchOfView, viewFromSearch, viewKey, type RankingView } from './ranking-view';

/**
 * The list's view in the address (`?sort=&status=&genre=&not=`, ranking-view.ts): read once the island
 * runs, so the hydrating render is the build's page, and `onView` is told the view key the address names.
 * Answers how to write a view chosen into the address, keeping its other parameters (a search term) and the
 * history entry's state (a list coming back keeps its pages there).
 */
export function useAddressView(
  hydrated: boolean,
  baseView: RankingView,
  onView: (key: string) => void,
): (view: RankingView) => void {
  const apply = useEffectEvent(onView);
  useEffect(() => {
    if (hydrated) apply(viewKey(viewFromSearch(window.location.search, baseView)));
    // The page's own view never changes; the address is read once.
  }, [hydrated]);

  return (view) => {
    const url = new URL(window.location.href);
    for (const name of ['sort', 'status', 'genre', 'not']) url.searchParams.delete(name);
    for (const [name, value] of new URLSearchParams(searchOfView(view, baseView))) {
      url.searchParams.set(name, value);
    }
    const search = url.searchParams.toString().replace(/%2C/g, ',');
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${search ? `?${search}` : ''}${url.hash}`,
    );
  };
}
