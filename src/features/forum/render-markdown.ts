import type { RenderAnswer, RenderRequest } from './markdown.worker';

/*
 * Renders post markdown in the browser with the one renderer (markdown.ts), in a worker started on first
 * use: only pages showing posts the build did not render (a new or edited post, a thread newer than the
 * build) ever load it.
 */

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();

function start(): Worker {
  const started = new Worker(new URL('./markdown.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<RenderAnswer>) => {
    waiting.get(event.data.id)?.resolve(event.data.html);
    waiting.delete(event.data.id);
  };
  started.onerror = () => {
    for (const { reject } of waiting.values()) reject(new Error('The markdown renderer failed to load.'));
    waiting.clear();
    worker = undefined;
  };
  return started;
}

/** Safe HTML of a post body. */
export function renderMarkdownOffThread(markdown: string): Promise<string> {
  worker ??= start();
  const id = nextId++;
  const answer = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.postMessage({ id, markdown } satisfies RenderRequest);
  return answer;
}
