/** Local-storage keys of the signed-in session, shared by the header, the accounts feature and the API client. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/** Set when the session lapsed; the next page load shows the "Session expired" dialog, which removes it. */
export const SESSION_EXPIRED_KEY = 'session_expired';
/**
 * Dispatched on `window` after this tab signs in or out, so the header's signed-in area re-renders
 * without a reload. Other tabs learn of it through the `storage` event.
 */
export const AUTH_CHANGED_EVENT = 'panelrank:auth-changed';
/** Dispatched on `window` by the header with `{unread}` whenever the notification bell's count changes. */
export const UNREAD_CHANGED_EVENT = 'panelrank:unread-changed';
