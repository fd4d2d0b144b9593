import { ConfigError } from '../../api/config';
import { DatabaseLockedError } from '../../api/db/embedded-lock';

/** A command-line failure whose message is the whole story for the operator: printed alone, exit 1. */
export class CommandFailed extends Error {}

/**
 * Runs a command's `main` and exits with its code. Failures the operator can act on (a CommandFailed, bad
 * configuration, a database held by another process) print their own message; anything else is
 * introduced by `failure` ("Seeding failed: …").
 */
export function runCommand(main: () => Promise<number>, failure: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (
        error instanceof CommandFailed ||
        error instanceof ConfigError ||
        error instanceof DatabaseLockedError
      ) {
        console.error(error.message);
      } else {
        console.error(`${failure}: ${error instanceof Error ? error.message : String(error)}`);
      }
      process.exit(1);
    },
  );
}
