import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/** Sends raw bytes over TCP and collects what comes back until the server closes or `waitMs` passes. */
function rawExchange(
  url: string,
  chunks: string[],
  waitMs: number,
): Promise<{ text: string; elapsedMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: hostname, port: Number(port) });
    let text = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, elapsedMs: Date.now() - started });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('connect', () => chunks.forEach((chunk) => socket.write(chunk)));
    socket.on('data', (data) => (text += data.toString()));
    socket.on('close', finish);
    socket.on('error', (error) => (text ? finish() : reject(error)));
  });
}

const jsonBody = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));

describe('bounded requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REQUEST_TIMEOUT: '2s' });
  });
  afterAll(() => server.close());

  it('answers a body that stalls with 408 in the {detail} shape once REQUEST_TIMEOUT has passed', async () => {
    const { text, elapsedMs } = await rawExchange(
      server.url,
      [
        'POST /issues/report HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
        '{"type":"BUG","ti',
      ],
      8000,
    );
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonBody(text)).toEqual({ detail: expect.any(String), code: 'REQUEST_TIMEOUT' });
    expect(elapsedMs).toBeGreaterThanOrEqual(1900);
    expect(elapsedMs).toBeLessThan(4500);
  });

  it('refuses a gzip (or any encoded) body with 415 instead of reading it', async () => {
    const response = await server.request('/issues/report', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ type: 'BUG', title: 'Zipped', description: 'Compressed body.' })),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      detail: expect.stringContaining('gzip'),
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    // Nothing was stored.
    expect((await server.request('/issues')).headers.get('x-total-count')).toBe('0');
  });

  it.each([
    ['Content-Length: -1', 'Content-Length: -1\r\n'],
    ['both Content-Length and Transfer-Encoding', 'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n'],
  ])('answers malformed framing (%s) with 400 in the {detail} shape', async (_name, framing) => {
    const { text } = await rawExchange(
      server.url,
      [
        `POST /issues/report HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\n${framing}\r\n0\r\n\r\n`,
      ],
      3000,
    );
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(jsonBody(text)).toEqual({ detail: 'Malformed request', code: 'BAD_REQUEST' });
  });

  it("generates request ids, keeping a client's only when it is a short safe token", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const forged = ['<script>alert(1)</script>', 'a'.repeat(200), 'line\tbreak', 'ünïcode'];
    for (const id of forged) {
      const response = await server.request('/health', {
        headers: { 'x-request-id': encodeURI(id) === id ? id : encodeURI(id) },
      });
      expect(response.headers.get('x-request-id')).toMatch(uuid);
    }
    expect((await server.request('/health')).headers.get('x-request-id')).toMatch(uuid);
    const kept = await server.request('/health', { headers: { 'x-request-id': 'trace-42.ab_CD:7' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.ab_CD:7');
  });

  it("sends Content-Security-Policy default-src 'none' on JSON, and what the docs page needs on it", async () => {
    for (const path of ['/series/rankings', '/health', '/no/such/route']) {
      const policy = (await server.request(path)).headers.get('content-security-policy');
      expect(policy).toMatch(/^default-src 'none'/);
      expect(policy).not.toContain('script-src');
    }
    const docs = (await server.request('/docs')).headers.get('content-security-policy');
    expect(docs).toContain("default-src 'none'");
    expect(docs).toContain("script-src 'self'");
    expect(docs).toContain("style-src 'self'");
  });
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A client that sends its whole request (without `Expect: 100-continue`) and only then reads the answer, on
 * one connection: `next` is sent once the first answer is in. Rejects when a write fails (the server
 * closed the connection under it), so a refusal the client never hears fails the test.
 */
function sendWholeThenRead(url: string, requests: [Buffer, ...Buffer[]]): Promise<RawResponse[]> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const responses: RawResponse[] = [];
    let received = Buffer.alloc(0);
    const sendNext = () => {
      const request = requests[responses.length];
      if (!request) {
        socket.destroy();
        resolve(responses);
        return;
      }
      socket.pause();
      socket.write(request, (error) => (error ? reject(error) : socket.resume()));
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      const body = received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
      received = received.subarray(headEnd + 4 + length);
      responses.push({ status: Number(statusLine.split(' ')[1]), headers, body });
      sendNext();
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed after ${responses.length} answers`)));
    socket.on('connect', sendNext);
  });
}

function rawRequest(path: string, contentType: string, body: Buffer, contentLength = body.length): Buffer {
  return Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: api\r\nContent-Type: ${contentType}\r\nContent-Length: ${contentLength}\r\n\r\n`,
    ),
    body,
  ]);
}

const HEALTH_CHECK = Buffer.from('GET /health HTTP/1.1\r\nHost: api\r\n\r\n');

async function multipartBytes(form: FormData): Promise<{ type: string; bytes: Buffer }> {
  const encoded = new Response(form);
  return { type: encoded.headers.get('content-type')!, bytes: Buffer.from(await encoded.arrayBuffer()) };
}

describe('bodies over a limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ISSUE_REPORT_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => server.close());

  const fourMegabytes = 'x'.repeat(4 * 1024 * 1024);
  const tooLarge = { detail: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' };
  const tooManyFiles = { detail: 'Too many fields or files in the form', code: 'PAYLOAD_TOO_LARGE' };

  /** The refusal reaches a client that sends everything first, and the connection serves the next request. */
  async function expectHeardRefusal(request: Buffer, answer: { detail: string; code: string }) {
    const [refusal, health] = await sendWholeThenRead(server.url, [request, HEALTH_CHECK]);
    expect(refusal?.status).toBe(413);
    expect(JSON.parse(refusal!.body)).toEqual(answer);
    expect(health?.status).toBe(200);
  }

  // JSON and urlencoded bodies share the API's 1 MB limit on every route; multipart files are limited per
  // route: one on the issue report, four elsewhere.
  it.each(['/issues/report', '/auth/login'])('answers a 4 MB JSON body on %s with 413', async (path) => {
    const body = Buffer.from(JSON.stringify({ type: 'BUG', title: 'Big', description: fourMegabytes }));
    await expectHeardRefusal(rawRequest(path, 'application/json', body), tooLarge);
  });

  it.each(['/issues/report', '/auth/login'])(
    'answers a 4 MB urlencoded form on %s with 413',
    async (path) => {
      const body = Buffer.from(`type=BUG&title=Big&description=${fourMegabytes}`);
      await expectHeardRefusal(rawRequest(path, 'application/x-www-form-urlencoded', body), tooLarge);
    },
  );

  it.each([
    ['/issues/report', 2],
    ['/auth/login', 5],
  ])('answers a multipart form on %s with more files than it takes (%i) with 413', async (path, files) => {
    const form = new FormData();
    form.set('type', 'BUG');
    for (let index = 0; index < files; index += 1) {
      form.set(`file${index}`, new Blob([new Uint8Array(2 * 1024 * 1024)]), `file${index}.png`);
    }
    const { type, bytes } = await multipartBytes(form);
    await expectHeardRefusal(rawRequest(path, type, bytes), tooManyFiles);
  });

  it('answers at once and closes the connection when the body is far too large to read', async () => {
    const head = rawRequest('/issues/report', 'application/json', Buffer.from('{"type":'), 200 * 1024 * 1024);
    const { text } = await rawExchange(server.url, [head.toString('latin1')], 10_000);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(jsonBody(text)).toEqual(tooLarge);
  });
});
