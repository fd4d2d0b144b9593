import { buildApp } from '../api/app';
import { seedDemoCatalogue } from '../api/catalogue/demo-catalogue';
import { loadConfig } from '../api/config';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { LocalDiskStorage } from '../api/media/storage';
import { users } from '../api/db/schema';
import { addItem, createList, itemsPageOfUser } from '../api/reading-lists/repository';

const config = loadConfig({ DATA_DIR: '/tmp/lists-scratch/data', DATABASE_URL: process.argv[2] ?? 'memory://', LOG_LEVEL: 'silent' });
const database = await openDatabase(config.database);
await migrateDatabase(database);
await seedDemoCatalogue(database.db, new LocalDiskStorage('/tmp/lists-scratch/media', 'http://x'), { series: 500, covers: false });
const app = await buildApp({ config, database, logger: false });
const db = database.db;
const [user] = await db.insert(users).values({ username: 'b', email: 'b@gmail.com' }).returning();
const list = await createList(db, user!.id, 'L');
if (typeof list === 'string') throw new Error(list);
for (let i = 0; i < 25; i++) await addItem(db, user!.id, list.id, 1 + i * 19, 25);
const token = await app.accessTokens.issue(user!);
const q = { filter: { sort: 'stars_desc' as const, type: 'MANHWA' as const, min_votes: 1 }, minVoters: 1, page: { page: 1, pageSize: 25 } };
async function time(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < 200; i++) await fn();
  console.log(name, (((performance.now() - t) / 200) * 1000).toFixed(0), 'µs');
}
const url = `/reading-lists/${list.id}/items/paged?sort=stars_desc&type=MANHWA&min_votes=1`;
await time('inject items', () => app.inject({ url, headers: { authorization: `Bearer ${token}` } }));
await time('inject /reading-lists/me', () => app.inject({ url: '/reading-lists/me', headers: { authorization: `Bearer ${token}` } }));
await time('inject health', () => app.inject({ url: '/health' }));
await time('query only', () => itemsPageOfUser(db, user!.id, list.id, q));
await time('verify token', () => app.accessTokens.verify(token));
await time('snapshot', () => app.catalogueCache.get());
await app.close();
await database.close();
