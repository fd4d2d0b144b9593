import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ISSUE_HISTORY_SHOWN,
  ISSUE_STATUSES,
  type Issue,
  type IssueCounts,
  type IssueStatus,
  type IssueStatusChange,
  type IssueType,
} from '../../contract/issues';
import { escapeLike } from '../db/like-pattern';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { issueReports, issueStatusChanges, type IssueReport } from '../db/schema';
import type { Transaction } from '../db/transaction';
import type { NotificationsService } from '../notifications/service';
import type { MediaStorage } from '../media/storage';

/*
 * The issue reports' repository: every query of the feature. Reads come back as one row of JSON each,
 * because the embedded engine's cost is per result row (see catalogue/search.ts).
 */

export interface IssueFilters {
  q?: string | undefined;
  type?: IssueType | undefined;
  status?: IssueStatus | undefined;
}

/** At most this many words of a search are used; each must appear somewhere in title or description. */
const MAX_SEARCH_WORDS = 8;

/** The search's words, lower-cased, without duplicates. */
export function searchWords(q: string | undefined): string[] {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

function filterCondition({ q, type, status }: IssueFilters): SQL | undefined {
  return and(
    ...searchWords(q).map((word) => sql`${issueReports.searchText} like ${`%${escapeLike(word)}%`}`),
    type ? eq(issueReports.type, type) : undefined,
    status ? eq(issueReports.status, status) : undefined,
  );
}

export interface NewIssueReport {
  type: IssueType;
  title: string;
  description: string;
  pageUrl: string | undefined;
  email: string | undefined;
  screenshotKey: string | undefined;
  /** The signed-in user who reported it, told of its status changes; never shown. */
  reporterId?: number | undefined;
}

export async function createIssueReport(db: Database, report: NewIssueReport): Promise<number> {
  const [created] = await db
    .insert(issueReports)
    .values({
      type: report.type,
      title: report.title,
      description: report.description,
      pageUrl: report.pageUrl ?? null,
      email: report.email ?? null,
      screenshotKey: report.screenshotKey ?? null,
      reporterId: report.reporterId ?? null,
    })
    .returning({ id: issueReports.id });
  return created!.id;
}

/** A report as the queries below return it: the row with its latest status changes. */
interface ReportJson {
  id: number;
  type: IssueType;
  title: string;
  description: string;
  status: IssueStatus;
  page_url: string | null;
  screenshot_key: string | null;
  email: string | null;
  created_at: string;
  updated_at: string;
  history: { status: IssueStatus; changed_at: string }[];
}

/** `report` (an alias of issue_reports) as one JSON object with its latest status changes, oldest first. */
const reportJson = sql`json_build_object(
  'id', report.id, 'type', report.type, 'title', report.title, 'description', report.description,
  'status', report.status, 'page_url', report.page_url, 'screenshot_key', report.screenshot_key,
  'email', report.email, 'created_at', report.created_at, 'updated_at', report.updated_at,
  'history', (
    select coalesce(json_agg(json_build_object('status', latest.to_status, 'changed_at', latest.changed_at)
      order by latest.changed_at, latest.id), '[]')
    from (
      select change.to_status, change.changed_at, change.id from ${issueStatusChanges} change
      where change.issue_id = report.id order by change.changed_at desc, change.id desc
      limit ${ISSUE_HISTORY_SHOWN}
    ) latest
  )
)`;

/** One page of reports, newest first, and how many match the filters in all. */
export async function listIssueReports(
  db: Database,
  filters: IssueFilters,
  page: { page: number; pageSize: number },
): Promise<{ reports: ReportJson[]; total: number }> {
  const where = filterCondition(filters);
  const whereClause = where ? sql`where ${where}` : sql``;
  const offset = (page.page - 1) * page.pageSize;
  // NULLS LAST as in issue_reports_created_idx, so the newest rows come straight from the index.
  const [row] = await queryRows<{ total: number; reports: string }>(
    db,
    sql`
      select
        (select count(*)::int from ${issueReports} ${whereClause}) as total,
        (
          select coalesce(json_agg(${reportJson} order by report.created_at desc, report.id desc), '[]')::text
          from (
            select * from ${issueReports} ${whereClause}
            order by ${issueReports.createdAt} desc nulls last, ${issueReports.id} desc nulls last
            limit ${page.pageSize} offset ${offset}
          ) report
        ) as reports`,
  );
  return { reports: JSON.parse(row?.reports ?? '[]') as ReportJson[], total: Number(row?.total ?? 0) };
}

/** How many reports of each status match the search and type. */
export async function countIssueReports(
  db: Database,
  filters: Omit<IssueFilters, 'status'>,
): Promise<IssueCounts> {
  const rows = await db
    .select({ status: issueReports.status, count: sql<number>`count(*)::int` })
    .from(issueReports)
    .where(filterCondition(filters))
    .groupBy(issueReports.status);
  const counts = Object.fromEntries(ISSUE_STATUSES.map((status) => [status, 0])) as IssueCounts;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

async function loadIssueReport(db: Database, id: number): Promise<ReportJson | undefined> {
  const [row] = await queryRows<{ report: string }>(
    db,
    sql`select ${reportJson}::text as report from ${issueReports} report where report.id = ${id}`,
  );
  return row ? (JSON.parse(row.report) as ReportJson) : undefined;
}

export type StatusChangeOutcome =
  | { kind: 'not-found' }
  | { kind: 'changed' | 'unchanged'; previous: IssueStatus; report: ReportJson; notified: number[] };

/**
 * Sets a report's status and records the change (who, when, from what), notifying its signed-in reporter in
 * the same transaction. Setting the status it already has changes nothing and records nothing. The row is locked first, so two admins' changes are recorded in order.
 */
export async function changeIssueStatus(
  db: Database,
  { id, status, adminId }: { id: number; status: IssueStatus; adminId: number },
  notifications: Pick<NotificationsService, 'recordReportStatus'>,
): Promise<StatusChangeOutcome> {
  const outcome = await db.transaction(async (tx: Transaction) => {
    const [current] = await tx
      .select({ status: issueReports.status, reporterId: issueReports.reporterId })
      .from(issueReports)
      .where(eq(issueReports.id, id))
      .for('update');
    if (!current) return undefined;
    if (current.status === status) {
      return { kind: 'unchanged' as const, previous: current.status, notified: [] };
    }
    await tx
      .update(issueReports)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(issueReports.id, id));
    await tx
      .insert(issueStatusChanges)
      .values({ issueId: id, fromStatus: current.status, toStatus: status, changedBy: adminId });
    const notified = await notifications.recordReportStatus(tx, {
      issueId: id,
      reporterId: current.reporterId,
      status,
      adminId,
    });
    return { kind: 'changed' as const, previous: current.status, notified };
  });
  if (!outcome) return { kind: 'not-found' };
  const report = await loadIssueReport(db, id);
  // Deleted right after the change committed.
  if (!report) return { kind: 'not-found' };
  return { ...outcome, report };
}

/** Deletes a report (its history goes with it); the screenshot key it held, so its file can go too. */
export async function deleteIssueReport(
  db: Database,
  id: number,
): Promise<{ screenshotKey: IssueReport['screenshotKey'] } | undefined> {
  const [deleted] = await db
    .delete(issueReports)
    .where(eq(issueReports.id, id))
    .returning({ screenshotKey: issueReports.screenshotKey });
  return deleted;
}

/** The contract's Issue; the reporter's e-mail only when the caller may see it (admins). */
export function toIssue(report: ReportJson, media: MediaStorage, withEmail: boolean): Issue {
  const history: IssueStatusChange[] = report.history.map((change) => ({
    status: change.status,
    changed_at: isoTime(change.changed_at),
  }));
  return {
    id: report.id,
    type: report.type,
    title: report.title,
    description: report.description,
    status: report.status,
    page_url: report.page_url,
    screenshot_url: report.screenshot_key ? media.url(report.screenshot_key) : null,
    created_at: isoTime(report.created_at),
    updated_at: isoTime(report.updated_at),
    ...(withEmail ? { email: report.email } : {}),
    status_history: history,
  };
}

/** PostgreSQL's JSON timestamps (`2025-05-01T12:00:00.123+00:00`) as ISO 8601 UTC. */
function isoTime(value: string): string {
  return new Date(value).toISOString();
}
