import type { FastifyReply, FastifyRequest } from 'fastify';
import { REPORT_FORM_OUTCOMES, type ReportFormOutcome } from '../../contract/issues';

/*
 * The report form works without JavaScript: the browser posts it to the API and shows whatever comes back.
 * A JSON answer would strand the reporter on a bare API page, so a browser navigation is answered with a
 * 303 to the site's page for the outcome. Every current browser marks a navigation with Sec-Fetch-Mode;
 * fetch() and non-browser clients never send "navigate", so they keep the contract's JSON answers.
 */

export function isDocumentNavigation(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-mode'] === 'navigate';
}

function refusedFields(payload: unknown): string[] {
  if (typeof payload !== 'string') return [];
  try {
    const body = JSON.parse(payload) as { errors?: { field?: unknown }[] };
    return (body.errors ?? []).map((error) => String(error.field));
  } catch {
    return [];
  }
}

/** The outcome a report answer stands for; `payload` is the serialized JSON answer. */
export function reportFormOutcome(statusCode: number, payload: unknown): ReportFormOutcome {
  if (statusCode >= 200 && statusCode < 300) return 'sent';
  if (statusCode === 429) return 'tooFast';
  // Only a file can make a report's body too large.
  if (statusCode === 413) return 'screenshot';
  if (statusCode === 422) return refusedFields(payload).includes('screenshot') ? 'screenshot' : 'fields';
  return 'failed';
}

/** An onSend hook for POST /issues/report: navigations are sent to the site's outcome page. */
export function sendNavigationsToOutcomePage(siteUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isDocumentNavigation(request)) return payload;
    const outcome = reportFormOutcome(reply.statusCode, payload);
    reply
      .code(303)
      .header('location', new URL(REPORT_FORM_OUTCOMES[outcome], siteUrl).href)
      .removeHeader('content-type')
      .removeHeader('retry-after');
    return '';
  };
}
