import { ofetch, type FetchError } from 'ofetch';

/**
 * The browser's client for the live API. The accounts feature adds the bearer token and the
 * 401 handling here, so every island gets them.
 */
export const API_URL: string = (import.meta.env.PUBLIC_API_URL ?? 'http://localhost:8787').replace(/\/+$/, '');

export const api = ofetch.create({ baseURL: API_URL, retry: 0 });

/** The human-readable message of a failed call: `detail` (string or `{message}`), else `message`, else the fallback. */
export function errorDetail(error: unknown, fallback = 'An error occurred.'): string {
  const data = (error as FetchError | undefined)?.data as { detail?: unknown; message?: unknown } | undefined;
  const detail = data?.detail;
  if (typeof detail === 'string' && detail) return detail;
  if (detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string') {
    return (detail as { message: string }).message;
  }
  if (typeof data?.message === 'string' && data.message) return data.message;
  return fallback;
}

export function errorStatus(error: unknown): number | undefined {
  return (error as FetchError | undefined)?.status ?? (error as FetchError | undefined)?.statusCode;
}
