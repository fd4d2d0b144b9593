import type { Issue, IssueCounts, IssueStatus } from '../../../contract/issues';
import { api } from '../../lib/api-client';

/** One page of the tracker as GET /issues answers it: the reports and X-Total-Count. */
export interface ReportPage {
  issues: Issue[];
  total: number;
}

export async function fetchReportPage(query: Record<string, string>): Promise<ReportPage> {
  const response = await api.raw<Issue[]>('/issues', { query });
  return { issues: response._data ?? [], total: Number(response.headers.get('x-total-count') ?? 0) };
}

export function fetchCounts(query: Record<string, string>): Promise<IssueCounts> {
  return api<IssueCounts>('/issues/counts', { query });
}

export function changeStatus(id: number, status: IssueStatus): Promise<Issue> {
  return api<Issue>(`/issues/${id}/status`, { method: 'PATCH', body: { status } });
}

export async function deleteReport(id: number): Promise<void> {
  await api(`/issues/${id}`, { method: 'DELETE' });
}
