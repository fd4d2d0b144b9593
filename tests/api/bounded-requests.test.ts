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
