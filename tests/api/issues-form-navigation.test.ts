import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FORM_OUTCOMES } from '../../contract/issues';
import { startTestServer, type TestServer } from './harness';
import { reportFields } from './issue-fixtures';
import { multipartForm, NOT_AN_IMAGE, solidImage } from './image-fixtures';

/*
 * The report form posted without JavaScript: the browser navigates to POST /issues/report, so the API
 * sends it (303) to the site's page for the outcome. Everyone else keeps the JSON answers.
 */
describe('a report form posted without JavaScript', () => {
  let server: TestServer;
  const siteUrl = 'https://panelrank.example';

  beforeAll(async () => {
    server = await startTestServer({
      SITE_URL: siteUrl,
      ISSUE_REPORT_RATE_LIMIT_MAX: '4',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(() => server.close());

  /**
   * What a browser sends for a form post that replaces the page. Through node:http, because Node's fetch
   * sets Sec-Fetch-Mode to "cors" whatever the caller asks.
   */
  async function navigate(form: FormData, ip = '203.0.113.50') {
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    return new Promise<{
      status: number;
      location: string | undefined;
      retryAfter: string | undefined;
      body: string;
    }>((resolve, reject) => {
      const outgoing = httpRequest(`${server.url}/issues/report`, {
        method: 'POST',
        headers: {
          'content-type': encoded.headers.get('content-type')!,
          'content-length': body.length,
          'sec-fetch-mode': 'navigate',
          'sec-fetch-dest': 'document',
          'x-forwarded-for': ip,
        },
      });
      outgoing.on('error', reject);
      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode!,
            location: incoming.headers.location,
            retryAfter: incoming.headers['retry-after'] as string | undefined,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
      outgoing.end(body);
    });
  }

  const titles = async () => {
    const response = await server.request('/issues?page_size=100');
    return ((await response.json()) as { title: string }[]).map((issue) => issue.title);
  };

  it('stores the report and sends the browser to the site\'s "sent" page', async () => {
    const response = await navigate(multipartForm(reportFields({ title: 'Sent without JavaScript' })));
    expect(response.status).toBe(303);
    expect(response.location).toBe(`${siteUrl}${REPORT_FORM_OUTCOMES.sent}`);
    expect(response.body).toBe('');
    expect(await titles()).toContain('Sent without JavaScript');
  });

  it('sends a refused screenshot to the screenshot page and stores nothing', async () => {
    const form = multipartForm({
      ...reportFields({ title: 'With a text file as screenshot' }),
      screenshot: { bytes: NOT_AN_IMAGE, filename: 'notes.png' },
    });
    const response = await navigate(form);
    expect(response.status).toBe(303);
    expect(response.location).toBe(`${siteUrl}${REPORT_FORM_OUTCOMES.screenshot}`);
    expect(await titles()).not.toContain('With a text file as screenshot');
  });

  it('sends other refused fields to the fields page', async () => {
    const response = await navigate(
      multipartForm(reportFields({ title: '   ', page_url: 'javascript:alert(1)' })),
    );
    expect(response.status).toBe(303);
    expect(response.location).toBe(`${siteUrl}${REPORT_FORM_OUTCOMES.fields}`);
  });

  it('keeps a valid screenshot', async () => {
    const form = multipartForm({
      ...reportFields({ title: 'With a real screenshot' }),
      screenshot: { bytes: await solidImage(64, 48), filename: 'shot.png' },
    });
    const response = await navigate(form);
    expect(response.location).toBe(`${siteUrl}${REPORT_FORM_OUTCOMES.sent}`);
    expect(await titles()).toContain('With a real screenshot');
  });

  it('sends a client over the rate limit to the too-fast page, without Retry-After', async () => {
    const ip = '198.51.100.77';
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await navigate(multipartForm(reportFields()), ip)).location).toContain('/sent');
    }
    const limited = await navigate(multipartForm(reportFields()), ip);
    expect(limited.status).toBe(303);
    expect(limited.location).toBe(`${siteUrl}${REPORT_FORM_OUTCOMES.tooFast}`);
    expect(limited.retryAfter).toBeUndefined();
  });

  it('answers scripts (no navigation) with the contract JSON answers', async () => {
    const sent = await server.request('/issues/report', {
      method: 'POST',
      body: multipartForm(reportFields({ title: 'Sent by a script' })),
      headers: { 'sec-fetch-mode': 'cors', 'x-forwarded-for': '192.0.2.9' },
    });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ message: 'Thanks! Your report has been submitted.' });
    const refused = await server.request('/issues/report', {
      method: 'POST',
      body: multipartForm(reportFields({ title: '' })),
      headers: { 'x-forwarded-for': '192.0.2.9' },
    });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toContain('application/json');
  });
});
