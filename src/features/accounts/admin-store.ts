import { computed } from 'nanostores';
import { $session } from './session-store';
import { isAdmin } from './stored-session';

/**
 * The role compared case-insensitively to ADMIN (spec §6), as a store. A module of its own: `computed`
 * would otherwise ship with the session store on every page.
 */
export const $isAdmin = computed($session, (session) => isAdmin(session.user));
