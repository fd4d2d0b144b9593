import { sql } from 'drizzle-orm';
import { loadConfig } from '../api/config';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { seedDemoIssueReports } from '../api/issues/demo-reports';
import { listIssueReports, countIssueReports } from '../api/issues/issue-reports';
const config = loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: '/tmp/x' });
const database = await openDatabase(config.database);
await migrateDatabase(database);
await seedDemoIssueReports(database.db, { count: 10000 });
const pg = database.pglite!;
await pg.exec(`analyze`);
const time = async (name: string, f: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await f();
  const t = performance.now(); for (let i = 0; i < 20; i++) await f();
  console.log(name, ((performance.now() - t) / 20).toFixed(2), 'ms');
};
const q = (s: string) => () => pg.query(s);
await time('list', () => listIssueReports(database.db, {}, { page: 1, pageSize: 50 }));
await time('search', () => listIssueReports(database.db, { q: 'keyboard' }, { page: 1, pageSize: 50 }));
await time('counts search', () => countIssueReports(database.db, { q: 'keyboard' }));
await time('counts', () => countIssueReports(database.db, {}));
await time('count kb', q(`select count(*) from issue_reports where search_text like '%keyboard%'`));
await time('count all', q(`select count(*) from issue_reports`));
await time('top50', q(`select id from issue_reports order by created_at desc nulls last, id desc nulls last limit 50`));
await time('top50 kb', q(`select id from issue_reports where search_text like '%keyboard%' order by created_at desc nulls last, id desc nulls last limit 50`));
await time('top50 kb full', q(`select * from issue_reports where search_text like '%keyboard%' order by created_at desc nulls last, id desc nulls last limit 50`));
await time('group status', q(`select status, count(*) from issue_reports group by status`));
for (const s of [`select count(*) from issue_reports where search_text like '%keyboard%'`, `select * from issue_reports where search_text like '%keyboard%' order by created_at desc nulls last, id desc nulls last limit 50`,`select status, count(*) from issue_reports group by status`]) {
  const r = await pg.query('explain analyze ' + s);
  console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await database.close();
