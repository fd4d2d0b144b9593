import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

describe('server basics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers /health after checking the database', async () => {
    const response = await server.request('/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: 'ok' });
    // The instance's view: which instance, what catalogue it serves, how it hears of other instances.
    expect(body.instance).toMatchObject({
      id: expect.any(String),
      catalogue_version: expect.any(Number),
      notifications: { transport: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', listening: true },
    });
  });

  it('gives a JSON 404 with a string detail for unknown routes', async () => {
    const response = await server.request('/no/such/route');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(typeof (await response.json()).detail).toBe('string');
  });

  it('turns a malformed JSON body into a 4xx, never a 500', async () => {
    const response = await server.request('/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const spec = await (await server.request('/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toContain('/health');
    expect((await server.request('/docs')).status).toBe(200);
  });

  it('tags every response with a request id and security headers', async () => {
    const response = await server.request('/health');
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows the site origin by CORS', async () => {
    const response = await server.request('/health', { headers: { origin: server.config.SITE_URL } });
    expect(response.headers.get('access-control-allow-origin')).toBe(server.config.SITE_URL);
  });

  it('allows the default local site at either loopback address, and no foreign origin', async () => {
    expect(server.config.SITE_URL).toBe('http://localhost:4321');
    for (const origin of ['http://127.0.0.1:4321', 'http://[::1]:4321']) {
      const read = await server.request('/series/rankings', { headers: { origin } });
      expect(read.headers.get('access-control-allow-origin'), origin).toBe(origin);
      const preflight = await server.request('/issues/report', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status, origin).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    for (const origin of ['http://evil.example:4321', 'http://127.0.0.2:4321', 'http://127.0.0.1:4322']) {
      const read = await server.request('/series/rankings', { headers: { origin } });
      expect(read.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});
