import { expect } from 'vitest';
import type { ReadingList } from '../../contract/reading-lists';
import type { TestServer } from './harness';

/** The reading-list calls as a client makes them, each returning the raw response. */
export function listCalls(server: TestServer) {
  return {
    create: (token: string | undefined, name: unknown) =>
      server.request('/reading-lists', { method: 'POST', token, json: { name } }),
    mine: (token: string | undefined) => server.request('/reading-lists/me', { token }),
    minePaged: (token: string | undefined, query = '') =>
      server.request(`/reading-lists/me/paged${query}`, { token }),
    remove: (token: string | undefined, id: number | string) =>
      server.request(`/reading-lists/${id}`, { method: 'DELETE', token }),
    addItem: (token: string | undefined, id: number | string, seriesId: unknown) =>
      server.request(`/reading-lists/${id}/items`, { method: 'POST', token, json: { series_id: seriesId } }),
    removeItem: (token: string | undefined, id: number | string, seriesId: number | string) =>
      server.request(`/reading-lists/${id}/items/${seriesId}`, { method: 'DELETE', token }),
    items: (token: string | undefined, id: number | string, query = '') =>
      server.request(`/reading-lists/${id}/items/paged${query}`, { token }),
    share: (token: string | undefined, id: number | string) =>
      server.request(`/reading-lists/${id}/share`, { method: 'POST', token }),
    unshare: (token: string | undefined, id: number | string) =>
      server.request(`/reading-lists/${id}/share`, { method: 'DELETE', token }),
    exportCsv: (token: string | undefined, id: number | string, query = '') =>
      server.request(`/reading-lists/${id}/export.csv${query}`, { token }),
    shared: (shareToken: string, query = '') =>
      server.request(`/reading-lists/public/${encodeURIComponent(shareToken)}${query}`),
    sharedCsv: (shareToken: string) =>
      server.request(`/reading-lists/public/${encodeURIComponent(shareToken)}/export.csv`),
  };
}

/** Creates a list and returns it (expects 201). */
export async function createdList(server: TestServer, token: string, name: string): Promise<ReadingList> {
  const response = await listCalls(server).create(token, name);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ReadingList;
}

/** Asserts an error answer: status, detail and (when given) code. */
export async function expectError(
  response: Response,
  status: number,
  detail: string,
  code?: string,
): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as { detail: string; code: string };
  expect(body.detail).toBe(detail);
  if (code) expect(body.code).toBe(code);
}
