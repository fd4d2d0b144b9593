import { it } from 'vitest';
import { countersHtml, resultsHtml } from '../src/features/issues/tracker-markup';
it('p', () => {
  console.log(resultsHtml([{ id: 7, type: 'BUG', title: 'T', description: 'D', status: 'WONT_FIX', page_url: null, screenshot_url: null, created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:00.000Z', status_history: [] }], false, { admin: true, timeZone: 'UTC' }).value);
  console.log(countersHtml({ OPEN: 3, IN_PROGRESS: 1, FIXED: 12, WONT_FIX: 0 }, 'FIXED').value.slice(0, 600));
});
