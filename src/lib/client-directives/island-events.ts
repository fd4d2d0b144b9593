/*
 * How a plain script shares an island with `client:interaction` (interaction.ts): a script may keep part of
 * the island's markup up to date before the framework arrives (the ranked lists' infinite scroll), so it
 * has to know when hydration starts, may ask for it, and may mark controls of its own.
 */

/** Dispatched on the island, synchronously, when its hydration starts (before its code loads). */
export const BEFORE_HYDRATE_EVENT = 'panelrank:before-hydrate';

/** Dispatched on the island by a script, to hydrate it now (e.g. the header's search on the home page). */
export const WAKE_EVENT = 'panelrank:wake';

/** Set on the island once its hydration has started, for a script that arrives after that. */
export const AWAKE_ATTRIBUTE = 'data-awake';

/** Controls inside an island marked with this attribute belong to a plain script: touching them hydrates nothing. */
export const SCRIPT_OWNED_ATTRIBUTE = 'data-script-owned';
