import { sql } from 'drizzle-orm';
import { loadConfig } from '../api/config';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { seedDemoIssueReports } from '../api/issues/demo-reports';
const config = loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: '/tmp/x' });
const database = await openDatabase(config.database);
await migrateDatabase(database);
await seedDemoIssueReports(database.db, { count: 10000 });
const pg = database.pglite!;
await pg.exec(`analyze`);
const time = async (name: string, q: string) => {
  for (let i = 0; i < 5; i++) await pg.query(q);
  const t = performance.now(); for (let i = 0; i < 20; i++) await pg.query(q);
  console.log(name, ((performance.now() - t) / 20).toFixed(2), 'ms');
};
await time('seq count', `select count(*) from issue_reports where lower(title || ' ' || description) like '%keyboard%'`);
await time('count all', `select count(*) from issue_reports`);
await time('top50 ids', `select id from issue_reports order by created_at desc, id desc limit 50`);
await pg.exec(`set enable_seqscan = off`);
await time('idx count', `select count(*) from issue_reports where lower(title || ' ' || description) like '%keyboard%'`);
const r = await pg.query(`explain analyze select count(*) from issue_reports where lower(title || ' ' || description) like '%keyboard%'`);
console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
await pg.exec(`set enable_seqscan = on`);

await time('gen seq count', `select count(*) from issue_reports where st like '%keyboard%'`);
await pg.exec(`set enable_seqscan = off`);
await time('gen idx count', `select count(*) from issue_reports where st like '%keyboard%'`);
await database.close();
