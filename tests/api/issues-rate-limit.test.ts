import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_TEXTS } from '../../contract/issues';
import { startTestServer, type TestServer } from './harness';
import { reportFields } from './issue-fixtures';

describe('issue report rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      ISSUE_REPORT_RATE_LIMIT_MAX: '3',
      ISSUE_REPORT_RATE_LIMIT_WINDOW: '10m',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(() => server.close());

  const send = (ip: string, json: unknown = reportFields()) =>
    server.request('/issues/report', { method: 'POST', json, headers: { 'x-forwarded-for': ip } });

  it('answers 429 with Retry-After once a client has sent the configured number of reports', async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect((await send('203.0.113.7')).status).toBe(201);
    const limited = await send('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ detail: ISSUE_TEXTS.reportingTooFast, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Refused reports are not stored.
    const listed = await server.request('/issues');
    expect(listed.headers.get('x-total-count')).toBe('3');
  });

  it('counts refused attempts too, and every client apart', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await send('198.51.100.20', { title: '' })).status).toBe(422);
    }
    expect((await send('198.51.100.20')).status).toBe(429);
    expect((await send('198.51.100.21')).status).toBe(201);
  });

  it('never limits reading the tracker', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await server.request('/issues', { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(response.status).toBe(200);
    }
  });
});
