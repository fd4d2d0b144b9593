import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answeredStatus, buildApiUrl, createBuildFetch, isApiUnreachable } from '../../src/lib/build-fetch';

/** What the server does with the n-th request (from 1) to a path. */
type Behaviour = (attempt: number, response: ServerResponse) => void;

const answerJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
/** Never answers: the client's timeout has to end the request. */
const hang = () => {};

const behaviours: Record<string, Behaviour> = {
  '/ok': (_attempt, response) => answerJson(response, 200, { ok: true }),
  '/slow-once': (attempt, response) => (attempt === 1 ? hang() : answerJson(response, 200, { ok: 'late' })),
  '/always-slow': hang,
  '/unavailable-twice': (attempt, response) =>
    attempt <= 2 ? answerJson(response, 503, { detail: 'busy' }) : answerJson(response, 200, { ok: 'third' }),
  '/always-unavailable': (_attempt, response) => answerJson(response, 503, { detail: 'busy' }),
  '/missing': (_attempt, response) => answerJson(response, 404, { detail: 'Not found' }),
};

let server: Server;
let apiUrl: string;
const attempts = new Map<string, number>();

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const attempt = (attempts.get(path) ?? 0) + 1;
    attempts.set(path, attempt);
    (behaviours[path] ?? behaviours['/missing']!)(attempt, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => attempts.clear());

// Short times so the tests run quickly; the policy's shape is the build's.
const buildFetch = createBuildFetch({ timeoutMs: 150, retries: 2, retryDelayMs: 1 });

describe('the build-time fetch helper', () => {
  it('reads JSON from the API with one request when it answers', async () => {
    await expect(buildFetch('/ok', { baseURL: apiUrl })).resolves.toEqual({ ok: true });
    expect(attempts.get('/ok')).toBe(1);
  });

  it('gives each attempt its own timeout, so a retry after a timed-out attempt can succeed', async () => {
    await expect(buildFetch('/slow-once', { baseURL: apiUrl })).resolves.toEqual({ ok: 'late' });
    expect(attempts.get('/slow-once')).toBe(2);
  });

  it('gives up after the retries when every attempt times out, as an unreachable API', async () => {
    const failure = await buildFetch('/always-slow', { baseURL: apiUrl }).catch((error: unknown) => error);
    expect(attempts.get('/always-slow')).toBe(3);
    expect(isApiUnreachable(failure)).toBe(true);
    expect(answeredStatus(failure)).toBeUndefined();
  });

  it('asks again while the API answers 503, and returns the answer that follows', async () => {
    await expect(buildFetch('/unavailable-twice', { baseURL: apiUrl })).resolves.toEqual({ ok: 'third' });
    expect(attempts.get('/unavailable-twice')).toBe(3);
  });

  it('reports an API that stays unavailable as unreachable, with its status', async () => {
    const failure = await buildFetch('/always-unavailable', { baseURL: apiUrl }).catch(
      (error: unknown) => error,
    );
    expect(attempts.get('/always-unavailable')).toBe(3);
    expect(isApiUnreachable(failure)).toBe(true);
    expect(answeredStatus(failure)).toBe(503);
  });

  it('does not ask again for an answer that will not change (404), and reports it as answered', async () => {
    const failure = await buildFetch('/missing', { baseURL: apiUrl }).catch((error: unknown) => error);
    expect(attempts.get('/missing')).toBe(1);
    expect(isApiUnreachable(failure)).toBe(false);
    expect(answeredStatus(failure)).toBe(404);
  });

  it('reports a refused connection as unreachable', async () => {
    const failure = await buildFetch('/ok', { baseURL: 'http://127.0.0.1:9' }).catch(
      (error: unknown) => error,
    );
    expect(isApiUnreachable(failure)).toBe(true);
  });
});

describe('buildApiUrl', () => {
  it('prefers BUILD_API_URL, then PUBLIC_API_URL, then the local API, without a trailing slash', () => {
    expect(buildApiUrl({ BUILD_API_URL: 'http://a/', PUBLIC_API_URL: 'http://b' })).toBe('http://a');
    expect(buildApiUrl({ BUILD_API_URL: ' ', PUBLIC_API_URL: 'http://b' })).toBe('http://b');
    expect(buildApiUrl({})).toBe('http://localhost:8787');
  });
});
