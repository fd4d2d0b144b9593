import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the build-time markup and during hydration, true once React runs the island. Submit buttons
 * stay disabled until then: a form submitted natively before hydration would put the password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
