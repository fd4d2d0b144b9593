/**
 * The browser the end-to-end tests run in. `npm test` and playwright.config.ts find it the same way
 * (`findBrowser`); `npm test` also installs one when there is none (`ensureBrowser`).
 */
import { spawn, execFileSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { bin, projectRoot } from './processes';

export interface Browser {
  path: string;
  /** Where it was found: `CHROMIUM_PATH`, `system` or `Playwright`. */
  source: string;
  /** What `path --version` printed. */
  version: string;
}

/** What the lookup needs from the machine; tests pass their own. */
export interface BrowserHost {
  env: NodeJS.ProcessEnv;
  isExecutable(path: string): boolean;
  /** `path --version`, or undefined when the binary does not run (missing libraries, a snap shim, ...). */
  version(path: string): string | undefined;
  /** Where Playwright keeps its own Chromium, installed or not. */
  playwrightChromium(): string | undefined;
}

/** What installing needs from the machine; tests pass their own. */
export interface BrowserInstaller {
  isRoot: boolean;
  hasAptGet: boolean;
  /** Runs a command to completion or until `timeoutMs`; `detail` says why it failed. */
  run(command: string, args: string[], timeoutMs: number): Promise<{ ok: boolean; detail: string }>;
  log(line: string): void;
}

/** A browser was asked for (CHROMIUM_PATH) but does not run, or none is there and none could be installed. */
export class BrowserError extends Error {}

/** Flags for a headless Chromium in a container or CI: the e2e tests and the page-weight benchmark. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export const systemBrowsers = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export const missingBrowserMessage =
  'No browser for the end-to-end tests: install Chromium (Debian/Ubuntu: sudo apt-get install -y chromium) or Google Chrome, or run `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.';

/** Downloads are bounded: where they are blocked, `npm test` must fall through, not hang. */
export const installTimeouts = { playwright: 10 * 60_000, aptUpdate: 5 * 60_000, aptInstall: 15 * 60_000 };

/** CHROMIUM_PATH, else the first system Chromium or Chrome that runs, else Playwright's own if installed. */
export function findBrowser(host: BrowserHost = nodeHost()): Browser | undefined {
  const requested = host.env.CHROMIUM_PATH;
  if (requested) {
    const version = host.version(requested);
    if (!version) {
      throw new BrowserError(
        `CHROMIUM_PATH=${requested} does not run (\`${requested} --version\` failed): point it at a Chromium or Chrome binary, or unset it.`,
      );
    }
    return { path: requested, source: 'CHROMIUM_PATH', version };
  }
  const candidates = [
    ...systemBrowsers.map((path) => ({ path, source: 'system' })),
    { path: host.playwrightChromium(), source: 'Playwright' },
  ];
  for (const { path, source } of candidates) {
    if (!path || !host.isExecutable(path)) continue;
    const version = host.version(path);
    if (version) return { path, source, version };
  }
  return undefined;
}

/**
 * `findBrowser`, and when it finds nothing: Playwright's download, else Debian's `chromium` through apt-get
 * when running as root, else a BrowserError whose message says what to install.
 */
export async function ensureBrowser(
  host: BrowserHost = nodeHost(),
  installer: BrowserInstaller = nodeInstaller(),
): Promise<Browser> {
  const found = findBrowser(host);
  if (found) return found;

  installer.log('No Chromium or Chrome found; trying `playwright install chromium`…');
  const download = await installer.run(
    bin('playwright'),
    ['install', 'chromium'],
    installTimeouts.playwright,
  );
  if (download.ok) {
    const downloaded = findBrowser(host);
    if (downloaded) return downloaded;
    installer.log("  Playwright's Chromium was installed but does not run here (missing system libraries?).");
  } else {
    installer.log(`  playwright install chromium failed: ${download.detail}`);
  }

  if (installer.isRoot && installer.hasAptGet) {
    installer.log('Installing Debian’s chromium with apt-get…');
    const update = await installer.run('apt-get', ['update', '-qq'], installTimeouts.aptUpdate);
    const install = update.ok
      ? await installer.run('apt-get', ['install', '-y', '-qq', 'chromium'], installTimeouts.aptInstall)
      : update;
    if (install.ok) {
      const installed = findBrowser(host);
      if (installed) return installed;
      installer.log('  apt-get installed chromium, but it does not run.');
    } else {
      installer.log(`  apt-get failed: ${install.detail}`);
    }
  }
  throw new BrowserError(missingBrowserMessage);
}

export function nodeHost(env: NodeJS.ProcessEnv = process.env): BrowserHost {
  return {
    env,
    isExecutable(path) {
      try {
        accessSync(path, constants.X_OK);
        return statSync(path).isFile();
      } catch {
        return false;
      }
    },
    version(path) {
      try {
        const output = execFileSync(path, ['--version'], {
          encoding: 'utf8',
          timeout: 20_000,
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        return output.trim() || undefined;
      } catch {
        return undefined;
      }
    },
    playwrightChromium() {
      try {
        // Loaded only here, so the lookup logic stays importable without Playwright.
        const { chromium } = createRequire(import.meta.url)(
          '@playwright/test',
        ) as typeof import('@playwright/test');
        return chromium.executablePath() || undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export function nodeInstaller(): BrowserInstaller {
  return {
    isRoot: process.getuid?.() === 0,
    hasAptGet: nodeHost().isExecutable('/usr/bin/apt-get'),
    run: runBounded,
    log: (line) => console.log(line),
  };
}

/**
 * Runs a command with its output captured, killing its whole process group after `timeoutMs` (Playwright
 * downloads in a child process of its own).
 */
function runBounded(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ ok: boolean; detail: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DEBIAN_FRONTEND: 'noninteractive',
        // A stalled connection fails each download attempt after this long instead of Playwright's 30 s.
        PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT: process.env.PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT ?? '15000',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    process.once('exit', killGroup);
    const finish = (ok: boolean, detail: string) => {
      clearTimeout(timer);
      process.off('exit', killGroup);
      resolve({ ok, detail });
    };
    child.once('error', (error) => finish(false, error.message));
    child.once('exit', (code, signal) => {
      if (code === 0) return finish(true, '');
      if (timedOut) return finish(false, `no result within ${Math.round(timeoutMs / 1000)} s`);
      finish(false, failureLine(output) ?? `exited with ${signal ?? code}`);
    });
  });
}

/** The line of a failed command's output that says why: its first error line, else its last line. */
export function failureLine(output: string): string | undefined {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /^(Error|E):/.test(line)) ?? lines.at(-1);
}
