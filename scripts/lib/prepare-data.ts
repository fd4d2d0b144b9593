import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../api/accounts/passwords';
import type { Config } from '../../api/config';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { users } from '../../api/db/schema';
import { seedDemoCatalogue } from '../../api/catalogue/demo-catalogue';
import { LocalDiskStorage } from '../../api/media/storage';

export interface DemoAdmin {
  username: string;
  email: string;
  password: string;
  file: string;
}

export interface PreparedData {
  seeded: boolean;
  seriesCount: number;
  admin: DemoAdmin;
  /** Changes whenever anything a static page shows changes. */
  catalogueFingerprint: string;
}

/** Migrates, seeds the demo catalogue into an empty database and makes sure the demo admin exists. */
export async function prepareData(config: Config): Promise<PreparedData> {
  const database = await openMigratedDatabase(config, { role: 'seed' });
  try {
    const { db } = database;
    const count = async () =>
      Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from series`)).rows[0]?.n ?? 0);
    let seeded = false;
    if ((await count()) === 0) {
      const storage = new LocalDiskStorage(join(config.dataDir, 'media'), config.publicApiUrl);
      await seedDemoCatalogue(db, storage, { onProgress: (message: string) => console.log(`  ${message}`) });
      seeded = true;
    }
    const admin = await ensureDemoAdmin(config, database.db);
    const [row] = (
      await db.execute<{ n: number; changed: string | null; voters: number; scores: number }>(
        sql`select count(*)::int as n, max(updated_at)::text as changed, coalesce(sum(voter_count), 0)::int as voters,
                   coalesce(sum(final_score), 0)::float8 as scores from series`,
      )
    ).rows;
    return {
      seeded,
      seriesCount: row?.n ?? 0,
      admin,
      catalogueFingerprint: JSON.stringify(row ?? {}),
    };
  } finally {
    await database.close();
  }
}

/** The demo admin's credentials are generated once and kept in DATA_DIR so every start prints the same. */
async function ensureDemoAdmin(config: Config, db: Awaited<ReturnType<typeof openMigratedDatabase>>['db']) {
  const file = join(config.dataDir, 'demo-admin.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Omit<DemoAdmin, 'file'>;
    const [present] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${saved.username})`);
    if (present) return { ...saved, file };
  }
  const admin = { username: 'admin', email: 'admin@gmail.com', password: randomBytes(12).toString('base64url') };
  const passwordHash = await hashPassword(admin.password);
  await db
    .insert(users)
    .values({ ...admin, passwordHash, role: 'ADMIN', emailVerifiedAt: new Date() })
    .onConflictDoUpdate({
      target: sql`lower(${users.username})`,
      set: { passwordHash, role: 'ADMIN', emailVerifiedAt: new Date() },
    });
  writeFileSync(file, JSON.stringify({ username: admin.username, email: admin.email, password: admin.password }, null, 2), {
    mode: 0o600,
  });
  return { ...admin, file };
}
