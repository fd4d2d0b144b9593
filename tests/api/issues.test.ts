import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ISSUE_TEXTS,
  ISSUE_TITLE_MAX_LENGTH,
  issueCountsSchema,
  issueSchema,
  type Issue,
} from '../../contract/issues';
import { issueReports } from '../../api/db/schema';
import { createUserWithToken, messagesTo, outboxFiles } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartForm, noiseImage, NOT_AN_IMAGE, solidImage } from './image-fixtures';
import {
  hasGpsIfd,
  jpegWithMetadata,
  pngWithTextChunk,
  report,
  reportFields,
  SECRET_AUTHOR,
  SECRET_CAMERA,
  SECRET_COMMENT,
  SECRET_XMP_TITLE,
} from './issue-fixtures';

const issueList = issueSchema.strict().array();

describe('issue reports', () => {
  let server: TestServer;
  let admin: { token: string };
  let user: { token: string };

  beforeAll(async () => {
    server = await startTestServer({ ISSUE_REPORT_RATE_LIMIT_MAX: '10000', MEDIA_DELETE_GRACE: '0' });
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    user = await createUserWithToken(server);
  });
  afterAll(() => server.close());

  const screenshotDir = () => join(server.config.dataDir, 'media', 'issue-screenshots');
  const screenshotFiles = () => {
    const dir = screenshotDir();
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  /** Media URLs name the configured public address; the test server listens elsewhere. */
  const fetchMedia = (url: string) => server.request(new URL(url).pathname);

  function postMultipart(fields: Parameters<typeof multipartForm>[0]) {
    return server.request('/issues/report', { method: 'POST', body: multipartForm(fields) });
  }

  async function list(query = '', token?: string): Promise<{ issues: Issue[]; total: number }> {
    const response = await server.request(`/issues${query}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return {
      issues: issueList.parse(await response.json()),
      total: Number(response.headers.get('x-total-count')),
    };
  }

  async function findIssue(id: number, token?: string): Promise<Issue> {
    const { issues } = await list('?page_size=100', token);
    const found = issues.find((issue) => issue.id === id);
    if (!found) throw new Error(`issue ${id} is not listed`);
    return found;
  }

  async function expectFieldError(response: Response, field: string, message: string) {
    expect(response.status).toBe(422);
    const body = (await response.json()) as { code: string; errors: { field: string; message: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toContainEqual({ field, message });
  }

  describe('POST /issues/report', () => {
    it('takes a report without an account, as JSON, urlencoded or multipart', async () => {
      const json = await server.request('/issues/report', { method: 'POST', json: reportFields() });
      expect(json.status).toBe(201);
      const created = (await json.json()) as { message: string; id: number };
      expect(created).toEqual({ message: 'Thanks! Your report has been submitted.', id: expect.any(Number) });

      const urlencoded = await server.request('/issues/report', {
        method: 'POST',
        body: new URLSearchParams(reportFields({ title: 'Sent urlencoded' })),
      });
      expect(urlencoded.status).toBe(201);

      const multipart = await postMultipart(reportFields({ title: 'Sent as multipart' }));
      expect(multipart.status).toBe(201);

      const stored = await findIssue(created.id, admin.token);
      expect(stored).toMatchObject({
        type: 'BUG',
        title: 'Cover of Solo Climber is broken',
        description: 'The cover image does not load on the series page.',
        status: 'OPEN',
        page_url: 'http://localhost:4321/series/12',
        screenshot_url: null,
        email: null,
        status_history: [],
      });
      expect(Date.parse(stored.created_at)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('trims text, accepts a type in any case, a site path as page_url and blank optional fields', async () => {
      const id = await report(server, {
        type: 'feature',
        title: '  Dark mode toggle  ',
        description: '\n Please add one. \n',
        page_url: '/forum/3',
        email: '   ',
      });
      expect(await findIssue(id, admin.token)).toMatchObject({
        type: 'FEATURE',
        title: 'Dark mode toggle',
        description: 'Please add one.',
        page_url: '/forum/3',
        email: null,
      });
      const noPage = await report(server, { page_url: '' });
      expect((await findIssue(noPage)).page_url).toBeNull();
    });

    it('refuses a missing or blank title and a title over 120 characters', async () => {
      const send = (title: string | undefined) =>
        server.request('/issues/report', { method: 'POST', json: reportFields({ title }) });
      await expectFieldError(await send(undefined), 'title', ISSUE_TEXTS.titleRequired);
      await expectFieldError(await send('   '), 'title', ISSUE_TEXTS.titleRequired);
      await expectFieldError(
        await send('x'.repeat(ISSUE_TITLE_MAX_LENGTH + 1)),
        'title',
        ISSUE_TEXTS.titleTooLong,
      );
      expect((await send('x'.repeat(ISSUE_TITLE_MAX_LENGTH))).status).toBe(201);
    });

    it('refuses a missing or blank description and one over the limit', async () => {
      const send = (description: string | undefined) =>
        server.request('/issues/report', { method: 'POST', json: reportFields({ description }) });
      await expectFieldError(await send(undefined), 'description', ISSUE_TEXTS.descriptionRequired);
      await expectFieldError(await send(' \n '), 'description', ISSUE_TEXTS.descriptionRequired);
      await expectFieldError(await send('y'.repeat(5001)), 'description', ISSUE_TEXTS.descriptionTooLong);
    });

    it('refuses a missing or unknown type', async () => {
      for (const type of [undefined, 'SPAM', '']) {
        const response = await server.request('/issues/report', {
          method: 'POST',
          json: reportFields({ type }),
        });
        await expectFieldError(response, 'type', ISSUE_TEXTS.typeRequired);
      }
    });

    it("refuses a malformed e-mail with the contract's text", async () => {
      for (const email of ['not-an-address', 'a@b', 'two@@example.com', `${'x'.repeat(250)}@example.com`]) {
        const response = await server.request('/issues/report', {
          method: 'POST',
          json: reportFields({ email }),
        });
        await expectFieldError(
          response,
          'email',
          'Please enter a valid email address or leave the field blank.',
        );
      }
    });

    it('refuses a page_url that is neither an http(s) address nor a site path', async () => {
      for (const pageUrl of ['javascript:alert(1)', 'data:text/html,hi', '//evil.example/x', 'ftp://x.y/z']) {
        const response = await server.request('/issues/report', {
          method: 'POST',
          json: reportFields({ page_url: pageUrl }),
        });
        await expectFieldError(response, 'page_url', ISSUE_TEXTS.pageUrlInvalid);
      }
      const long = await server.request('/issues/report', {
        method: 'POST',
        json: reportFields({ page_url: `https://example.com/${'a'.repeat(2100)}` }),
      });
      await expectFieldError(long, 'page_url', ISSUE_TEXTS.pageUrlInvalid);
    });

    it('lists every field problem at once and never stores a refused report', async () => {
      const before = (await list()).total;
      const response = await server.request('/issues/report', {
        method: 'POST',
        json: { type: 'NOPE', title: '', email: 'nope' },
      });
      expect(response.status).toBe(422);
      const body = (await response.json()) as { errors: { field: string }[] };
      expect(body.errors.map((error) => error.field).sort()).toEqual([
        'description',
        'email',
        'title',
        'type',
      ]);
      expect((await list()).total).toBe(before);
    });

    it('answers a malformed multipart body 400, never 500', async () => {
      const response = await server.request('/issues/report', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nunfinished',
      });
      expect(response.status).toBe(400);
    });

    it('refuses NUL characters and a screenshot sent as text', async () => {
      const nul = await server.request('/issues/report', {
        method: 'POST',
        json: reportFields({ title: 'bad\u0000title' }),
      });
      expect(nul.status).toBe(422);
      const fake = await server.request('/issues/report', {
        method: 'POST',
        json: { ...reportFields(), screenshot: 'data:image/png;base64,AAAA' },
      });
      expect(fake.status).toBe(422);
    });

    it('stores a PNG, JPEG, WebP or GIF screenshot re-encoded as WebP', async () => {
      for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
        const response = await postMultipart({
          ...reportFields({ title: `Screenshot as ${format}` }),
          // The declared type and name are ignored: the bytes decide.
          screenshot: { bytes: await solidImage(300, 200, format), filename: 'shot.bin', type: 'text/plain' },
        });
        expect(response.status, await response.clone().text()).toBe(201);
        const { id } = (await response.json()) as { id: number };
        const issue = await findIssue(id);
        expect(issue.screenshot_url).toMatch(/\/media\/issue-screenshots\/[a-f0-9]+\.webp$/);
        const served = await fetchMedia(issue.screenshot_url!);
        expect(served.status).toBe(200);
        const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width: 300, height: 200 });
      }
    });

    it('treats an empty file field (a form with no file chosen) as no screenshot', async () => {
      // What a browser sends for a file input left empty: a file part with no name and no bytes.
      const boundary = '----issue-form-boundary';
      const parts = Object.entries(reportFields({ title: 'No file chosen' })).map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      const emptyFile =
        `--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename=""\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n\r\n';
      const response = await server.request('/issues/report', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: `${parts.join('')}${emptyFile}--${boundary}--\r\n`,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const { id } = (await response.json()) as { id: number };
      expect((await findIssue(id)).screenshot_url).toBeNull();

      const blankField = await server.request('/issues/report', {
        method: 'POST',
        json: { ...reportFields(), screenshot: '' },
      });
      expect(blankField.status).toBe(201);
    });

    it('refuses a screenshot that is not an image by its bytes, and one over 2 MB', async () => {
      const before = screenshotFiles();
      const notImage = await postMultipart({
        ...reportFields(),
        screenshot: { bytes: NOT_AN_IMAGE, filename: 'shot.png', type: 'image/png' },
      });
      await expectFieldError(notImage, 'screenshot', ISSUE_TEXTS.screenshotInvalid);

      const svg = await postMultipart({
        ...reportFields(),
        screenshot: {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
          filename: 'shot.svg',
          type: 'image/svg+xml',
        },
      });
      await expectFieldError(svg, 'screenshot', ISSUE_TEXTS.screenshotInvalid);

      const big = await noiseImage(900, 900); // about 2.4 MB uncompressed PNG
      expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
      const tooLarge = await postMultipart({
        ...reportFields(),
        screenshot: { bytes: big, filename: 'big.png' },
      });
      await expectFieldError(tooLarge, 'screenshot', ISSUE_TEXTS.screenshotTooLarge);
      expect(screenshotFiles()).toEqual(before);
    });

    it('serves a screenshot without the EXIF, GPS, XMP or text metadata of the original', async () => {
      const jpeg = await jpegWithMetadata();
      const png = await pngWithTextChunk();
      // The fixtures really carry what must not leak.
      const jpegMeta = await sharp(jpeg).metadata();
      expect(jpegMeta.exif?.toString('latin1')).toContain(SECRET_CAMERA);
      expect(jpegMeta.xmp?.toString()).toContain(SECRET_XMP_TITLE);
      expect(hasGpsIfd(jpegMeta.exif!)).toBe(true);
      expect((await sharp(png).metadata()).comments).toContainEqual({
        keyword: 'Comment',
        text: SECRET_COMMENT,
      });

      for (const [bytes, filename] of [
        [jpeg, 'phone.jpg'],
        [png, 'editor.png'],
      ] as const) {
        const response = await postMultipart({
          ...reportFields({ title: `Metadata in ${filename}` }),
          screenshot: { bytes, filename },
        });
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: number };
        const url = (await findIssue(id)).screenshot_url!;
        const served = Buffer.from(await (await fetchMedia(url)).arrayBuffer());
        // The file on disk, not only the HTTP answer, is free of the original's metadata.
        const stored = readFileSync(join(screenshotDir(), url.split('/').at(-1)!));
        expect(stored.equals(served)).toBe(true);
        const metadata = await sharp(stored).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(metadata.comments).toBeUndefined();
        const text = stored.toString('latin1');
        for (const secret of [
          SECRET_CAMERA,
          SECRET_AUTHOR,
          SECRET_COMMENT,
          SECRET_XMP_TITLE,
          'Exif',
          'EXIF',
          'XMP ',
        ]) {
          expect(text).not.toContain(secret);
        }
      }
    });
  });

  describe('GET /issues', () => {
    let fresh: TestServer;
    let freshAdmin: { token: string };
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      fresh = await startTestServer({ ISSUE_REPORT_RATE_LIMIT_MAX: '10000' });
      freshAdmin = await createUserWithToken(fresh, { role: 'ADMIN' });
      const reports = [
        { key: 'cover', type: 'CONTENT', title: 'Broken COVER on Tower Diver', description: 'Blank image.' },
        {
          key: 'vote',
          type: 'BUG',
          title: 'Vote button stuck',
          description: 'The cover flickers, then nothing.',
        },
        { key: 'dark', type: 'FEATURE', title: 'Dark mode', description: 'Please add 100% dark mode.' },
        { key: 'typo', type: 'OTHER', title: 'Typo on about page', description: 'Spelling: "Rankngs".' },
      ];
      for (const entry of reports) {
        ids[entry.key] = await report(fresh, { ...entry, email: `${entry.key}@example.com` });
      }
      const move = (id: number, status: string) =>
        fresh.request(`/issues/${id}/status`, { method: 'PATCH', token: freshAdmin.token, json: { status } });
      expect((await move(ids.vote!, 'IN_PROGRESS')).status).toBe(200);
      expect((await move(ids.dark!, 'WONT_FIX')).status).toBe(200);
      expect((await move(ids.typo!, 'FIXED')).status).toBe(200);
    });
    afterAll(() => fresh.close());

    async function listIds(query: string): Promise<{ ids: number[]; total: number }> {
      const response = await fresh.request(`/issues${query}`);
      expect(response.status).toBe(200);
      const issues = issueList.parse(await response.json());
      return { ids: issues.map((issue) => issue.id), total: Number(response.headers.get('x-total-count')) };
    }

    it('returns an array, newest first, with the total in X-Total-Count, paged', async () => {
      expect(await listIds('')).toEqual({
        ids: [ids.typo, ids.dark, ids.vote, ids.cover],
        total: 4,
      });
      expect(await listIds('?page=2&page_size=3')).toEqual({ ids: [ids.cover], total: 4 });
      expect(await listIds('?page=9')).toEqual({ ids: [], total: 4 });
      expect(await listIds('/?page=1&page_size=1')).toEqual({ ids: [ids.typo], total: 4 });
    });

    it('searches title and description, ignoring case, every word, wildcards literally', async () => {
      expect(await listIds('?q=cover')).toEqual({ ids: [ids.vote, ids.cover], total: 2 });
      expect(await listIds('?q=TOWER%20cover')).toEqual({ ids: [ids.cover], total: 1 });
      expect(await listIds('?q=rankngs')).toEqual({ ids: [ids.typo], total: 1 });
      expect(await listIds('?q=100%25')).toEqual({ ids: [ids.dark], total: 1 });
      expect(await listIds('?q=%25')).toEqual({ ids: [ids.dark], total: 1 });
      expect(await listIds('?q=_')).toEqual({ ids: [], total: 0 });
      expect(await listIds('?q=%20%20')).toMatchObject({ total: 4 });
    });

    it('filters by type and status, alone and with a search', async () => {
      expect(await listIds('?type=BUG')).toEqual({ ids: [ids.vote], total: 1 });
      expect(await listIds('?status=WONT_FIX')).toEqual({ ids: [ids.dark], total: 1 });
      expect(await listIds('?q=cover&status=OPEN')).toEqual({ ids: [ids.cover], total: 1 });
      expect(await listIds('?type=content&status=open')).toEqual({ ids: [ids.cover], total: 1 });
      expect(await listIds('?type=&status=')).toMatchObject({ total: 4 });
    });

    it('refuses an unknown type or status and a bad page', async () => {
      const tooLong = `?q=${'a'.repeat(201)}`;
      for (const query of [
        '?type=SPAM',
        '?status=CLOSED',
        '?page=0',
        '?page_size=101',
        '?page=abc',
        '?page=1e300',
        tooLong,
      ]) {
        const response = await fresh.request(`/issues${query}`);
        expect(response.status, query).toBe(422);
      }
    });

    it("shows the reporter's e-mail to admins only", async () => {
      const visitor = await (await fresh.request('/issues')).json();
      const badToken = await (await fresh.request('/issues', { token: 'not-a-token' })).json();
      const freshUser = await createUserWithToken(fresh);
      const signedIn = await (await fresh.request('/issues', { token: freshUser.token })).json();
      for (const body of [visitor, badToken, signedIn]) {
        for (const issue of issueList.parse(body)) expect(issue).not.toHaveProperty('email');
        expect(JSON.stringify(body)).not.toContain('@example.com');
      }
      const adminView = issueList.parse(
        await (await fresh.request('/issues', { token: freshAdmin.token })).json(),
      );
      expect(adminView.find((issue) => issue.id === ids.cover)?.email).toBe('cover@example.com');
    });

    it('lists the status history of each report, oldest first', async () => {
      const { issues } = await (async () => {
        const response = await fresh.request('/issues');
        return { issues: issueList.parse(await response.json()) };
      })();
      const vote = issues.find((issue) => issue.id === ids.vote)!;
      expect(vote.status_history.map((change) => change.status)).toEqual(['IN_PROGRESS']);
      expect(issues.find((issue) => issue.id === ids.cover)!.status_history).toEqual([]);
    });

    it('counts the reports of each status for the same search and type', async () => {
      const counts = async (query: string) => {
        const response = await fresh.request(`/issues/counts${query}`);
        expect(response.status).toBe(200);
        return issueCountsSchema.strict().parse(await response.json());
      };
      expect(await counts('')).toEqual({ OPEN: 1, IN_PROGRESS: 1, FIXED: 1, WONT_FIX: 1 });
      expect(await counts('?q=cover')).toEqual({ OPEN: 1, IN_PROGRESS: 1, FIXED: 0, WONT_FIX: 0 });
      expect(await counts('?type=FEATURE')).toEqual({ OPEN: 0, IN_PROGRESS: 0, FIXED: 0, WONT_FIX: 1 });
      expect((await fresh.request('/issues/counts?type=SPAM')).status).toBe(422);
    });
  });

  describe('PATCH /issues/{id}/status and DELETE /issues/{id}', () => {
    const patch = (id: number | string, status: unknown, token?: string) =>
      server.request(`/issues/${id}/status`, { method: 'PATCH', token, json: { status } });
    const remove = (id: number | string, token?: string) =>
      server.request(`/issues/${id}`, { method: 'DELETE', token });

    it('lets admins only change a status or delete (permission matrix)', async () => {
      const id = await report(server);
      for (const [token, status, code] of [
        [undefined, 401, 'NOT_AUTHENTICATED'],
        ['garbage', 401, 'INVALID_TOKEN'],
        ['user', 403, 'ADMIN_REQUIRED'],
      ] as const) {
        const bearer = token === 'user' ? user.token : token;
        const patched = await patch(id, 'FIXED', bearer);
        expect(patched.status).toBe(status);
        expect(((await patched.json()) as { code: string }).code).toBe(code);
        const deleted = await remove(id, bearer);
        expect(deleted.status).toBe(status);
      }
      expect((await findIssue(id)).status).toBe('OPEN');

      const changed = await patch(id, 'IN_PROGRESS', admin.token);
      expect(changed.status).toBe(200);
      const body = issueSchema.strict().parse(await changed.json());
      expect(body).toMatchObject({ id, status: 'IN_PROGRESS', email: null });
      expect(body.status_history.map((change) => change.status)).toEqual(['IN_PROGRESS']);

      expect((await remove(id, admin.token)).status).toBe(204);
      expect((await remove(id, admin.token)).status).toBe(404);
    });

    it('answers 404 "Issue not found" for a missing report and 422 for a bad id or status', async () => {
      for (const response of [
        await patch(999_999, 'FIXED', admin.token),
        await patch('99999999999', 'FIXED', admin.token),
        await remove(999_999, admin.token),
      ]) {
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ detail: 'Issue not found', code: 'ISSUE_NOT_FOUND' });
      }
      const id = await report(server);
      for (const bad of ['1e3', '0x10', '-1', 'abc', '01']) {
        expect((await patch(bad, 'FIXED', admin.token)).status, bad).toBe(422);
        expect((await remove(bad, admin.token)).status, bad).toBe(422);
      }
      for (const status of ['CLOSED', '', 3, null]) {
        expect((await patch(id, status, admin.token)).status).toBe(422);
      }
      expect((await patch(id, 'wont_fix', admin.token)).status).toBe(200);
    });

    it('records each change once, with its time; setting the same status records nothing', async () => {
      const id = await report(server);
      await patch(id, 'IN_PROGRESS', admin.token);
      await patch(id, 'IN_PROGRESS', admin.token);
      await patch(id, 'FIXED', admin.token);
      const response = await patch(id, 'FIXED', admin.token);
      const issue = issueSchema.parse(await response.json());
      expect(issue.status_history.map((change) => change.status)).toEqual(['IN_PROGRESS', 'FIXED']);
      const [first, second] = issue.status_history.map((change) => Date.parse(change.changed_at));
      expect(second).toBeGreaterThanOrEqual(first!);
      expect(Date.parse(issue.updated_at)).toBeGreaterThanOrEqual(Date.parse(issue.created_at));
    });

    it('keeps the history short: the latest five changes', async () => {
      const id = await report(server);
      const sequence = ['IN_PROGRESS', 'OPEN', 'IN_PROGRESS', 'WONT_FIX', 'OPEN', 'IN_PROGRESS', 'OPEN'];
      for (const status of sequence) await patch(id, status, admin.token);
      const issue = await findIssue(id);
      expect(issue.status_history.map((change) => change.status)).toEqual(sequence.slice(-5));
    });

    it('e-mails the reporter once when their report is resolved or will not be fixed', async () => {
      const email = 'reporter.one@example.com';
      const id = await report(server, { title: 'Search <b>ignores</b> accents', email });
      await patch(id, 'IN_PROGRESS', admin.token);
      await patch(id, 'FIXED', admin.token);
      await patch(id, 'FIXED', admin.token);
      await expect.poll(() => messagesTo(server, email).length).toBe(1);
      const resolved = messagesTo(server, email)[0]!;
      expect(resolved).toContain('Subject: Your PanelRank report: Resolved');
      expect(resolved).toContain(`#${id} "Search <b>ignores</b> accents" has been resolved`);
      expect(resolved).toContain('Search &lt;b&gt;ignores&lt;/b&gt; accents');
      expect(resolved).toContain(`${server.config.SITE_URL}/issues?q=`);

      await patch(id, 'WONT_FIX', admin.token);
      await expect.poll(() => messagesTo(server, email).length).toBe(2);
      expect(messagesTo(server, email)[1]).toContain("Subject: Your PanelRank report: Won't Fix");
    });

    it('sends nothing for other statuses or when no address was left', async () => {
      const email = 'reporter.two@example.com';
      const withAddress = await report(server, { email });
      const withoutAddress = await report(server);
      await patch(withAddress, 'IN_PROGRESS', admin.token);
      await patch(withAddress, 'OPEN', admin.token);
      const before = outboxFiles(server).length;
      await patch(withoutAddress, 'FIXED', admin.token);
      // A sent message would be written within this time (the first test's poll shows how fast).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(messagesTo(server, email)).toEqual([]);
      expect(outboxFiles(server).length).toBe(before);
    });

    it('deletes the screenshot file with its report', async () => {
      const response = await postMultipart({
        ...reportFields({ title: 'With a screenshot to delete' }),
        screenshot: { bytes: await solidImage(200, 120, 'png'), filename: 'shot.png' },
      });
      const { id } = (await response.json()) as { id: number };
      const url = (await findIssue(id)).screenshot_url!;
      const file = url.split('/').at(-1)!;
      expect(screenshotFiles()).toContain(file);
      expect((await fetchMedia(url)).status).toBe(200);

      expect((await remove(id, admin.token)).status).toBe(204);
      expect(screenshotFiles()).not.toContain(file);
      expect((await fetchMedia(url)).status).toBe(404);
      const { issues } = await list('?page_size=100');
      expect(issues.map((issue) => issue.id)).not.toContain(id);
    });
  });
});

describe('tracker answers and other API instances', () => {
  let server: TestServer;
  let admin: { token: string };

  beforeAll(async () => {
    server = await startTestServer({ ISSUE_REPORT_RATE_LIMIT_MAX: '10000', CACHE_TTL_MS: '400' });
    admin = await createUserWithToken(server, { role: 'ADMIN' });
  });
  afterAll(() => server.close());

  /** A change made by another instance on the same database: this one's cache is not told. */
  const changeElsewhere = (id: number, status: 'FIXED' | 'OPEN') =>
    server.database.db.update(issueReports).set({ status }).where(eq(issueReports.id, id));

  const statusSeen = async (id: number, token?: string) => {
    const issues = issueList.parse(await (await server.request('/issues', { token })).json());
    return issues.find((issue) => issue.id === id)?.status;
  };

  it("shows visitors this instance's writes at once and other instances' within CACHE_TTL_MS", async () => {
    const id = await report(server);
    expect(await statusSeen(id)).toBe('OPEN');
    await changeElsewhere(id, 'FIXED');
    // Admins always read the database; visitors may get the cached answer until the TTL ends.
    expect(await statusSeen(id, admin.token)).toBe('FIXED');
    await expect.poll(() => statusSeen(id), { timeout: 2000 }).toBe('FIXED');

    const counts = async () =>
      (await (await server.request('/issues/counts')).json()) as Record<string, number>;
    expect(await counts()).toMatchObject({ OPEN: 0, FIXED: 1 });
    // A write through this instance shows at once.
    await server.request(`/issues/${id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'OPEN' },
    });
    expect(await statusSeen(id)).toBe('OPEN');
    expect(await counts()).toMatchObject({ OPEN: 1, FIXED: 0 });
  });

  it('answers 304 to a visitor who holds the current answer, and varies on Authorization', async () => {
    await report(server);
    const first = await server.request('/issues?q=cover');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('vary')).toMatch(/authorization/i);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await server.request('/issues?q=cover', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    await report(server, { title: 'Another cover problem' });
    const changed = await server.request('/issues?q=cover', { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(Number(changed.headers.get('x-total-count'))).toBe(Number(first.headers.get('x-total-count')) + 1);

    const adminAnswer = await server.request('/issues', { token: admin.token });
    expect(adminAnswer.headers.get('cache-control')).toBe('private, no-store');
  });
});
