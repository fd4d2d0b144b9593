import { parentPort, workerData } from 'node:worker_threads';
import type { RenderReply, RenderRequest, WorkerSetup } from './render-protocol';

/*
 * A render worker: a thread of `astro build` that renders pages with its own copy of the build's server
 * bundle, as the main thread would: the renderer of integration.ts sends it pages through render-pool.ts,
 * and Astro writes what it returns.
 *
 * Node runs this file as it is (types stripped), outside Vite, so it imports nothing of the site's but
 * types; what the bundle needs it is handed in `workerData`: the catalogue the main thread read, and the
 * build data Astro gives the main thread's renderer.
 */

const setup = workerData as WorkerSetup;
const port = parentPort!;

// Before the bundle loads: its catalogue module takes the main thread's read from the prefetch slot and
// reads nothing itself; the pages record their fingerprints in a build state of this thread's own.
const recorded = new Map<string, string>();
const slots = globalThis as unknown as Record<symbol, unknown>;
slots[Symbol.for(setup.slots.catalogue)] = Promise.resolve(setup.catalogue);
slots[Symbol.for(setup.slots.pages)] = {
  site: setup.site,
  pages: recorded,
  kept: [],
  restored: [],
  keptUrls: [],
};

interface RouteData {
  route: string;
  component: string;
}
interface BuildApp {
  manifest: { routes: { routeData: RouteData }[] };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
}

const { app } = (await import(setup.entry)) as { app: BuildApp };
app.setInternals(setup.internals);
app.setOptions({
  settings: { scripts: setup.scripts },
  // Astro's warnings and errors of a render reach the build's output; its other lines are the main thread's.
  logger: {
    options: {
      destination: {
        write(event: { level: string; label?: string | null; message: string }) {
          if (event.level === 'warn' || event.level === 'error') {
            console.error(`[${event.label ?? 'render worker'}] ${event.message}`);
          }
          return true;
        },
      },
    },
  },
});

const routes = new Map(app.manifest.routes.map(({ routeData }) => [routeKey(routeData), routeData]));

function routeKey({ component, route }: RouteData): string {
  return `${component} ${route}`;
}

async function render(request: RenderRequest): Promise<RenderReply> {
  try {
    const routeData = routes.get(routeKey(request));
    if (!routeData) throw new Error(`The render worker has no route ${routeKey(request)}`);
    const response = await app.render(new Request(request.url), { routeData });
    const body = response.body === null ? null : await response.arrayBuffer();
    // Fingerprints recorded by the pages rendered since the last reply (pageRendered): the main thread keeps
    // them for the build's manifest. Two renders in flight may share a reply; every one is passed on once.
    const pages = [...recorded];
    recorded.clear();
    return {
      id: request.id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body,
      pages,
    };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

port.on('message', (request: RenderRequest) => {
  void render(request).then((reply) => {
    port.postMessage(reply, 'body' in reply && reply.body ? [reply.body] : []);
  });
});
port.postMessage({ ready: true });
