import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the end-to-end stack listens, and the admin it creates; shared by the stack script and the specs. */
const apiPort = Number(process.env.E2E_API_PORT ?? 8797);
const sitePort = Number(process.env.E2E_SITE_PORT ?? 4331);

export const e2eStack = {
  apiPort,
  sitePort,
  apiUrl: `http://localhost:${apiPort}`,
  siteUrl: `http://localhost:${sitePort}`,
  seriesCount: 130,
  /**
   * Lifetime of a verification link, short so a spec can see one expire for real, yet far longer than any
   * spec takes from sending a link to opening it (a few seconds), even on a slow machine.
   */
  emailTokenTtlSeconds: 60,
  admin: { username: 'e2e_admin', email: 'e2e.admin@gmail.com', password: 'e2e-admin-password' },
};

/** What only the running stack knows, written by scripts/e2e/stack.ts once it is ready. */
export interface E2eStackState {
  /** The API's scratch DATA_DIR; without SMTP its outbox/ holds every e-mail sent as an .eml file. */
  dataDir: string;
  /** How the stack built its site: a spec rebuilds the running site with it (scripts/lib/rebuild-job.ts). */
  rebuild: {
    distPath: string;
    siteUrl: string;
    publicApiUrl: string;
    buildApiUrl: string;
    logFile?: string;
  };
}

/** Per site port, so stacks started on other ports (E2E_SITE_PORT) do not overwrite each other's. */
export const e2eStackStateFile = join(tmpdir(), `panelrank-e2e-stack-${sitePort}.json`);

export function readE2eStackState(): E2eStackState {
  return JSON.parse(readFileSync(e2eStackStateFile, 'utf8')) as E2eStackState;
}
