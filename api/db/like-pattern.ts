/** Escapes LIKE wildcards so a user's `%` or `_` matches itself; backslash is Postgres' default escape. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}
