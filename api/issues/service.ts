import type { FastifyBaseLogger } from 'fastify';
import { isClosingIssueStatus, type Issue, type IssueCounts, type IssueStatus } from '../../contract/issues';
import { answerCache, loadAnswer, type CachedAnswer } from '../cache/answers';
import type { Cache } from '../cache/cache';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { RetiredMedia } from '../media/retired-media';
import type { MediaStorage } from '../media/storage';
import type { NotificationsService } from '../notifications/service';
import type { ChangeFeed } from '../plugins/change-feed';
import {
  changeIssueStatus,
  countIssueReports,
  deleteIssueReport,
  listIssueReports,
  searchWords,
  toIssue,
  type IssueFilters,
} from './issue-reports';
import { removeScreenshot } from './screenshot';
import { submitIssueReport, type SubmittedReport } from './submit-report';

/** The change-feed topic of issue reports (any report, status change or deletion). */
export const ISSUES_TOPIC = 'issues';

export interface IssuesOptions {
  db: Database;
  media: MediaStorage;
  retiredMedia: Pick<RetiredMedia, 'retireImage'>;
  changeFeed: Pick<ChangeFeed, 'subscribe' | 'publish'>;
  mailer: Pick<Mailer, 'sendIssueClosedEmail'>;
  /** Records a status change's notification in its transaction; told who was notified once it committed. */
  notifications: Pick<NotificationsService, 'recordReportStatus' | 'changed'>;
  log: FastifyBaseLogger;
  /** CACHE_TTL_MS: how late another instance's change may show in visitors' answers; 0 keeps none. */
  ttlMs: number;
}

interface Page {
  page: number;
  pageSize: number;
}

/**
 * Issue reports and the public tracker: reports (with their screenshots), the tracker's lists and counters,
 * and the admins' status changes and deletions. Visitors' lists and counters are kept per query, serialized
 * with their ETags, and dropped on every report, status change or deletion, here and (through the change
 * feed) on the other instances; admins' answers carry the reporters' e-mails and are always read fresh.
 */
export class IssuesService {
  private readonly answers: Cache<string, CachedAnswer>;

  constructor(private readonly options: IssuesOptions) {
    this.answers = answerCache(options.ttlMs);
    this.answers.forgetOn(options.changeFeed, ISSUES_TOPIC);
  }

  /** Stores a report (screenshot first); the new id, or what is wrong with the screenshot. */
  async report(report: SubmittedReport): Promise<{ id: number } | { screenshotProblem: string }> {
    const outcome = await submitIssueReport(this.options.db, this.options.media, report);
    if ('id' in outcome) this.changed();
    return outcome;
  }

  /** A page of reports, newest first, as visitors see them (no e-mails). */
  publicList(filters: IssueFilters, page: Page): Promise<CachedAnswer> {
    const key = `list|${filterKey(filters)}|${page.page}|${page.pageSize}`;
    return loadAnswer(this.answers, key, async () => {
      const { issues, total } = await this.list(filters, page, false);
      return { body: issues, total };
    });
  }

  /** A page of reports with the reporters' e-mails, read fresh. */
  adminList(filters: IssueFilters, page: Page): Promise<{ issues: Issue[]; total: number }> {
    return this.list(filters, page, true);
  }

  /** How many reports have each status, as visitors see it. */
  publicCounts(filters: Omit<IssueFilters, 'status'>): Promise<CachedAnswer> {
    return loadAnswer(this.answers, `counts|${filterKey(filters)}`, async () => ({
      body: await this.adminCounts(filters),
    }));
  }

  /** How many reports have each status, read fresh: admins see their changes at once. */
  adminCounts(filters: Omit<IssueFilters, 'status'>): Promise<IssueCounts> {
    return countIssueReports(this.options.db, filters);
  }

  /**
   * Sets a report's status, recorded in its history; a change to a closing status e-mails the reporter.
   * The report as admins see it, or undefined when there is none.
   */
  async changeStatus(id: number, status: IssueStatus, adminId: number): Promise<Issue | undefined> {
    const outcome = await changeIssueStatus(
      this.options.db,
      { id, status, adminId },
      this.options.notifications,
    );
    if (outcome.kind === 'not-found') return undefined;
    if (outcome.kind === 'changed') {
      this.changed();
      this.options.notifications.changed(outcome.notified);
      this.notifyReporter(outcome.report);
    }
    return toIssue(outcome.report, this.options.media, true);
  }

  /** Deletes a report and its screenshot; false when there is no such report. */
  async delete(id: number): Promise<boolean> {
    const deleted = await deleteIssueReport(this.options.db, id);
    if (!deleted) return false;
    this.changed();
    if (deleted.screenshotKey) await this.removeScreenshotNow(deleted.screenshotKey);
    return true;
  }

  private async list(filters: IssueFilters, { page, pageSize }: Page, withEmail: boolean) {
    const { reports, total } = await listIssueReports(this.options.db, filters, { page, pageSize });
    return { issues: reports.map((report) => toIssue(report, this.options.media, withEmail)), total };
  }

  /** Other instances' writes clear this instance's answers too; this instance's clear them here and there. */
  private changed(): void {
    this.answers.forget(null);
    void this.options.changeFeed.publish(ISSUES_TOPIC, null);
  }

  /** The reporter hears once that their report was closed; a failed e-mail never fails the admin's change. */
  private notifyReporter(report: { id: number; title: string; email: string | null; status: IssueStatus }) {
    const { email, status } = report;
    if (!email || !isClosingIssueStatus(status)) return;
    this.options.mailer
      .sendIssueClosedEmail({ to: email, issueId: report.id, title: report.title, status })
      .catch((error: unknown) =>
        this.options.log.warn({ err: error, issueId: report.id }, 'could not send the issue-closed e-mail'),
      );
  }

  /**
   * Removed at once, not after MEDIA_DELETE_GRACE: a screenshot may hold private data, the admin was told
   * it goes with the report, and no pre-rendered page links it (the tracker is live only). Should the store
   * fail, the sweep of retired media takes it later.
   */
  private async removeScreenshotNow(key: string): Promise<void> {
    const { media, retiredMedia, log } = this.options;
    await removeScreenshot(media, key).catch(async (error: unknown) => {
      log.warn({ err: error, key }, 'could not remove a deleted report screenshot; retiring it');
      await retiredMedia
        .retireImage(key)
        .catch((retireError: unknown) =>
          log.warn({ err: retireError, key }, 'could not schedule a deleted report screenshot for removal'),
        );
    });
  }
}

/** The filters' cache key: equal searches ("Cover", " cover ") share one entry. */
function filterKey({ q, type, status }: IssueFilters): string {
  return `${searchWords(q).join(' ')}|${type ?? ''}|${status ?? ''}`;
}
