/**
 * The event a page script dispatches on a `client:interaction` island to hydrate it without a touch (the
 * thread page's script, when the live thread has news the build's markup cannot show).
 */
export const HYDRATE_EVENT = 'panelrank:hydrate';
