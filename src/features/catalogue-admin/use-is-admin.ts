import { useStore } from '@nanostores/react';
import { $session } from '../accounts/session-store';
import { isAdmin } from '../accounts/stored-session';

/**
 * True when the signed-in user is an admin (role compared case-insensitively). False in build-time markup
 * and during hydration, so admin controls never appear in pages built for everyone.
 */
export function useIsAdmin(): boolean {
  const session = useStore($session, { ssr: 'initial' });
  return isAdmin(session.user);
}
