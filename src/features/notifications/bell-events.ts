/** Dispatched on `window` by the header with `{unread}` whenever the bell's count changes. */
export const UNREAD_CHANGED_EVENT = 'panelrank:unread-changed';
