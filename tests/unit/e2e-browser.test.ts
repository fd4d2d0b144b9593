import { describe, expect, it } from 'vitest';
import {
  BrowserError,
  ensureBrowser,
  failureLine,
  findBrowser,
  missingBrowserMessage,
  type BrowserHost,
  type BrowserInstaller,
} from '../../scripts/lib/browser';

const playwrightChromium = '/home/me/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

/** A machine with these executables, of which `broken` exist but do not run. */
function host(options: { files?: string[]; broken?: string[]; env?: NodeJS.ProcessEnv }): BrowserHost & {
  files: Set<string>;
} {
  const files = new Set(options.files ?? []);
  const broken = new Set(options.broken ?? []);
  return {
    files,
    env: options.env ?? {},
    isExecutable: (path) => files.has(path) || broken.has(path),
    version: (path) => (files.has(path) ? `Chromium 1.0 at ${path}` : undefined),
    playwrightChromium: () => playwrightChromium,
  };
}

/** An installer whose commands succeed as `results` say, adding `installs` to the machine on success. */
function installer(
  machine: { files: Set<string> },
  options: {
    isRoot?: boolean;
    hasAptGet?: boolean;
    results?: Record<string, boolean>;
    installs?: Record<string, string>;
  },
) {
  const commands: string[] = [];
  const lines: string[] = [];
  const fake: BrowserInstaller = {
    isRoot: options.isRoot ?? false,
    hasAptGet: options.hasAptGet ?? true,
    log: (line) => lines.push(line),
    async run(command, args, timeoutMs) {
      const name = `${command.split('/').at(-1)} ${args.join(' ')}`;
      commands.push(name);
      expect(timeoutMs).toBeGreaterThan(0);
      const ok = options.results?.[name] ?? false;
      const installed = options.installs?.[name];
      if (ok && installed) machine.files.add(installed);
      return { ok, detail: ok ? '' : `${name} failed` };
    },
  };
  return { fake, commands, lines };
}

describe('findBrowser', () => {
  it('takes CHROMIUM_PATH before any system or Playwright browser', () => {
    const machine = host({
      files: ['/opt/my/chrome', '/usr/bin/chromium', playwrightChromium],
      env: { CHROMIUM_PATH: '/opt/my/chrome' },
    });
    expect(findBrowser(machine)).toEqual({
      path: '/opt/my/chrome',
      source: 'CHROMIUM_PATH',
      version: 'Chromium 1.0 at /opt/my/chrome',
    });
  });

  it('refuses a CHROMIUM_PATH that does not run instead of quietly using another browser', () => {
    const machine = host({ files: ['/usr/bin/chromium'], env: { CHROMIUM_PATH: '/nope/chrome' } });
    expect(() => findBrowser(machine)).toThrow(BrowserError);
    expect(() => findBrowser(machine)).toThrow('CHROMIUM_PATH=/nope/chrome does not run');
  });

  it('prefers Debian’s chromium, then the other system browsers in order, then Playwright’s', () => {
    expect(findBrowser(host({ files: ['/usr/bin/google-chrome', '/usr/bin/chromium'] }))?.path).toBe(
      '/usr/bin/chromium',
    );
    expect(findBrowser(host({ files: ['/usr/bin/google-chrome', playwrightChromium] }))).toMatchObject({
      path: '/usr/bin/google-chrome',
      source: 'system',
    });
    expect(findBrowser(host({ files: [playwrightChromium] }))).toMatchObject({
      path: playwrightChromium,
      source: 'Playwright',
    });
  });

  it('skips a browser that is there but does not run (a snap shim, missing libraries)', () => {
    const machine = host({
      broken: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
      files: [playwrightChromium],
    });
    expect(findBrowser(machine)?.path).toBe(playwrightChromium);
    expect(findBrowser(host({ broken: ['/usr/bin/chromium', playwrightChromium] }))).toBeUndefined();
  });
});

describe('ensureBrowser', () => {
  it('installs nothing when a browser is there', async () => {
    const machine = host({ files: ['/usr/bin/chromium'] });
    const { fake, commands } = installer(machine, { isRoot: true });
    expect((await ensureBrowser(machine, fake)).path).toBe('/usr/bin/chromium');
    expect(commands).toEqual([]);
  });

  it('uses Playwright’s download where it works, without apt-get', async () => {
    const machine = host({});
    const { fake, commands } = installer(machine, {
      isRoot: true,
      results: { 'playwright install chromium': true },
      installs: { 'playwright install chromium': playwrightChromium },
    });
    expect(await ensureBrowser(machine, fake)).toMatchObject({
      path: playwrightChromium,
      source: 'Playwright',
    });
    expect(commands).toEqual(['playwright install chromium']);
  });

  it('falls through to Debian’s chromium through apt-get as root when the download fails', async () => {
    const machine = host({});
    const { fake, commands, lines } = installer(machine, {
      isRoot: true,
      results: { 'apt-get update -qq': true, 'apt-get install -y -qq chromium': true },
      installs: { 'apt-get install -y -qq chromium': '/usr/bin/chromium' },
    });
    expect(await ensureBrowser(machine, fake)).toMatchObject({ path: '/usr/bin/chromium', source: 'system' });
    expect(commands).toEqual([
      'playwright install chromium',
      'apt-get update -qq',
      'apt-get install -y -qq chromium',
    ]);
    expect(lines).toContain('  playwright install chromium failed: playwright install chromium failed');
  });

  it('tries apt-get when Playwright’s browser downloads but does not run', async () => {
    const machine = host({ broken: [playwrightChromium] });
    const { fake, commands } = installer(machine, {
      isRoot: true,
      results: {
        'playwright install chromium': true,
        'apt-get update -qq': true,
        'apt-get install -y -qq chromium': true,
      },
      installs: { 'apt-get install -y -qq chromium': '/usr/bin/chromium' },
    });
    expect((await ensureBrowser(machine, fake)).path).toBe('/usr/bin/chromium');
    expect(commands).toHaveLength(3);
  });

  it('stops with the one line saying what to install when not root', async () => {
    const machine = host({});
    const { fake, commands } = installer(machine, { isRoot: false });
    await expect(ensureBrowser(machine, fake)).rejects.toThrow(missingBrowserMessage);
    expect(commands).toEqual(['playwright install chromium']);
  });

  it('stops without apt-get when the machine has none, or when apt-get fails', async () => {
    const withoutApt = host({});
    const noApt = installer(withoutApt, { isRoot: true, hasAptGet: false });
    await expect(ensureBrowser(withoutApt, noApt.fake)).rejects.toThrow(missingBrowserMessage);
    expect(noApt.commands).toEqual(['playwright install chromium']);

    const offline = host({});
    const failing = installer(offline, { isRoot: true });
    await expect(ensureBrowser(offline, failing.fake)).rejects.toThrow(BrowserError);
    // A failed `apt-get update` does not go on to the install.
    expect(failing.commands).toEqual(['playwright install chromium', 'apt-get update -qq']);
  });
});

describe('failureLine', () => {
  it('picks the first error line of a failed command, else its last line', () => {
    const playwright = `Downloading Chrome for Testing\nError: getaddrinfo ENOTFOUND cdn.playwright.dev\n    at x\nFailed to install browsers\nError: Failed to download`;
    expect(failureLine(playwright)).toBe('Error: getaddrinfo ENOTFOUND cdn.playwright.dev');
    expect(failureLine('Reading package lists...\nE: Unable to locate package chromium\n')).toBe(
      'E: Unable to locate package chromium',
    );
    expect(failureLine('one\ntwo\n\n')).toBe('two');
    expect(failureLine('')).toBeUndefined();
  });
});
