import { computed } from 'nanostores';
import { $session } from './session-store';
import { isAdmin } from './stored-session';

/*
 * Derived session stores. A module of their own: `computed` would otherwise ship with the session store
 * on every page, though only signed-in tools (reading lists, the tracker's admin view) use them.
 */

export const $isSignedIn = computed($session, (session) => session.user !== null);
/** The role compared case-insensitively to ADMIN. */
export const $isAdmin = computed($session, (session) => isAdmin(session.user));
