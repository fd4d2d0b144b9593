import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const bin = (name: string) => `${projectRoot}node_modules/.bin/${name}`;

/**
 * The environment for a process that runs Astro: telemetry off (no first-run banner, nothing sent) unless
 * the caller set ASTRO_TELEMETRY_DISABLED itself.
 */
export function astroEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ASTRO_TELEMETRY_DISABLED: '1', ...env };
}

/** Runs a command to completion, inheriting output unless told otherwise; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: projectRoot, ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

/**
 * Node flags of every API process (also in package.json's `api` script). `--optimize-for-size` keeps the
 * old generation close to what is live: under steady reads of a 100,000-series catalogue V8 otherwise let
 * garbage grow the process from about 400 MB to 900-980 MB. It also caps the young generation at 1 MB
 * semi-spaces, whatever `--max-semi-space-size` says (docs/decisions/embedded-engine-tuning.md).
 */
export const API_NODE_FLAGS = ['--optimize-for-size'];

/**
 * Starts the API server (`api/server.ts`) as a child process; `watch` restarts it on source changes.
 * Without `watch` the child is the server itself, so stopProcess's SIGKILL (after a SIGTERM that went
 * unanswered) reaches it; through a tsx wrapper it killed the wrapper and left the server running.
 */
export function spawnApi(options: {
  env: NodeJS.ProcessEnv;
  stdio: SpawnOptions['stdio'];
  watch?: boolean;
}): ChildProcess {
  if (!options.watch) return spawnApiProcess(options.env, options.stdio);
  return spawn(bin('tsx'), ['watch', '--clear-screen=false', ...API_NODE_FLAGS, 'api/server.ts'], {
    cwd: projectRoot,
    env: options.env,
    stdio: options.stdio,
  });
}

/** Starts the API server as one process (a signal sent to it reaches the server itself, not a wrapper). */
export function spawnApiProcess(env: NodeJS.ProcessEnv, stdio: SpawnOptions['stdio']): ChildProcess {
  return spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', 'api/server.ts'], {
    cwd: projectRoot,
    env,
    stdio,
  });
}

/** Resolves when GET url answers 2xx; rejects after `timeoutMs` or as soon as `child` exits. */
export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child?.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the process serving ${url} exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

/** Sends SIGTERM and waits for the exit, escalating to SIGKILL after `graceMs`. */
export function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
