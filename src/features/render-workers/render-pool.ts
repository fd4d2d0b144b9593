import { Worker } from 'node:worker_threads';
import type { RenderReply, RenderRequest, WorkerSetup } from './render-protocol';

/*
 * The build's render workers (render-worker.ts) and the pages each has in hand. A worker takes pages only
 * once it has loaded the bundle, and up to 64 at a time: enough to keep it busy through the main thread's
 * pauses (a full collection of its heap of 1.5 GB at 100,000 series, a page of its own to render), while it
 * waits for more. The main thread renders whatever no worker has room for.
 */

/** The most pages a worker holds at once. */
export const PAGES_IN_HAND = 64;

/**
 * What a worker sends back for a page: the response as Astro reads a rendered page (its status, headers and
 * bytes), and the fingerprints recorded meanwhile. Not a fetch Response: wrapping the bytes in one copies
 * them, and reading them back copies them again: 5.6 s of the main thread's 82 s in a profile at 100,000
 * series (docs/performance.md).
 */
export interface RenderedElsewhere {
  response: Pick<Response, 'status' | 'statusText' | 'headers' | 'body' | 'arrayBuffer'>;
  pages: [string, string][];
}

interface Pending {
  resolve(rendered: RenderedElsewhere): void;
  reject(error: Error): void;
}

class RenderWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #ready = false;
  #failed: Error | undefined;

  constructor(file: URL, setup: WorkerSetup, warn: (message: string) => void) {
    // The worker's own log lines repeat the main thread's (the catalogue module's); its warnings and errors
    // go to standard error.
    this.#worker = new Worker(file, { workerData: setup, stdout: true });
    this.#worker.stdout.resume();
    this.#worker.on('message', (message: RenderReply | { ready: true }) => {
      if ('ready' in message) {
        this.#ready = true;
        return;
      }
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (!pending) return;
      if ('error' in message) {
        pending.reject(new Error(message.error));
        return;
      }
      const { status, statusText, headers, body, pages } = message;
      const response = {
        status,
        statusText,
        headers: new Headers(headers),
        // Astro only checks that a page has a body before it reads its bytes.
        body: (body === null ? null : {}) as ReadableStream | null,
        arrayBuffer: () => Promise.resolve(body ?? new ArrayBuffer(0)),
      };
      pending.resolve({ response, pages });
    });
    const fail = (error: Error) => {
      if (!this.#ready && !this.#failed)
        warn(`A render worker could not start (${error.message}); pages render here`);
      this.#failed = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`The render worker stopped (exit code ${code})`)));
  }

  get free(): boolean {
    return this.#ready && !this.#failed && this.#pending.size < PAGES_IN_HAND;
  }

  render(request: RenderRequest): Promise<RenderedElsewhere> {
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      this.#worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.#worker.removeAllListeners('exit');
    await this.#worker.terminate();
  }
}

export class RenderPool {
  readonly #workers: RenderWorker[];
  #nextId = 0;
  /** Pages the workers have rendered. */
  rendered = 0;

  constructor(count: number, file: URL, setup: WorkerSetup, warn: (message: string) => void) {
    this.#workers = Array.from({ length: count }, () => new RenderWorker(file, setup, warn));
  }

  /** Renders the page on a worker with room for it, or returns undefined when none has. */
  render(url: string, route: { route: string; component: string }): Promise<RenderedElsewhere> | undefined {
    const worker = this.#workers.find((candidate) => candidate.free);
    if (!worker) return undefined;
    this.rendered += 1;
    return worker.render({ id: this.#nextId++, url, route: route.route, component: route.component });
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.close()));
  }
}
