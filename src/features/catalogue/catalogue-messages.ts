/** Texts the catalogue's islands share; a module of its own so no island ships another's code with them. */
export const LOAD_FAILED_MESSAGE = 'Failed to load series';
