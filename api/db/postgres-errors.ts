/** SQLSTATE codes the API maps to answers. */
export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';

/**
 * The SQLSTATE of a failed query, whichever driver raised it. Drizzle wraps the driver's error (node-postgres
 * or PGlite) in its own, so the code is looked for a few causes deep.
 */
export function postgresErrorCode(error: unknown): string | undefined {
  let cause = error;
  for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint (or unique index) a failed query violated, whichever driver raised it. */
export function postgresConstraint(error: unknown): string | undefined {
  let cause = error;
  for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth++) {
    const { constraint } = cause as { constraint?: unknown };
    if (typeof constraint === 'string') return constraint;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
