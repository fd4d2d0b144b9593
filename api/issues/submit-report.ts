import type { Database } from '../db/client';
import type { MediaStorage } from '../media/storage';
import type { UploadedFile } from '../plugins/forms';
import { createIssueReport, type NewIssueReport } from './issue-reports';
import { isNoFile, removeScreenshot, storeScreenshot } from './screenshot';

export type SubmittedReport = Omit<NewIssueReport, 'screenshotKey'> & {
  screenshot?: UploadedFile | undefined;
};

/**
 * Stores a checked report: its screenshot first (re-encoded, so no metadata survives), then the row. A
 * screenshot whose row could not be written is removed again. Answers the new id, or the screenshot's problem.
 */
export async function submitIssueReport(
  db: Database,
  media: MediaStorage,
  { screenshot, ...report }: SubmittedReport,
): Promise<{ id: number } | { screenshotProblem: string }> {
  let screenshotKey: string | undefined;
  if (screenshot && !isNoFile(screenshot)) {
    const stored = await storeScreenshot(media, screenshot);
    if ('problem' in stored) return { screenshotProblem: stored.problem };
    screenshotKey = stored.key;
  }
  try {
    return { id: await createIssueReport(db, { ...report, screenshotKey }) };
  } catch (error) {
    if (screenshotKey) await removeScreenshot(media, screenshotKey).catch(() => undefined);
    throw error;
  }
}
