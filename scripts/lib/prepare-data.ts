import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../api/accounts/passwords';
import type { Config } from '../../api/config';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { series, seriesScores, users } from '../../api/db/schema';
import { seedDemoCatalogue } from '../demo/demo-catalogue';
import { seedDemoForumIfEmpty } from '../demo/demo-forum';
import { seedDemoIssueReports } from '../demo/demo-issue-reports';
import { seedDemoReadingProgress } from '../demo/demo-reading-progress';
import { seedDemoReviewsIfEmpty } from '../demo/demo-reviews';
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

/** Reports a new demo data folder starts with, so the tracker shows what it does. */
const DEMO_ISSUE_REPORTS = 36;

/**
 * Migrates, seeds the demo catalogue into an empty database (with some issue reports for the tracker), makes
 * sure the demo admin exists and gives an empty forum its demo threads.
 */
export async function prepareData(config: Config): Promise<PreparedData> {
  const database = await openMigratedDatabase(config, { role: 'seed' });
  try {
    const { db } = database;
    let seeded = false;
    if ((await db.$count(series)) === 0) {
      const storage = new LocalDiskStorage(join(config.dataDir, 'media'), config.publicApiUrl);
      await seedDemoCatalogue(db, storage, { onProgress: (message: string) => console.log(`  ${message}`) });
      // Only with a new catalogue: reports an admin deleted later must not come back at the next start.
      await seedDemoIssueReports(db, { count: DEMO_ISSUE_REPORTS });
      console.log(`  seeded ${DEMO_ISSUE_REPORTS} demo issue reports`);
      seeded = true;
    }
    const admin = await ensureDemoAdmin(config, database.db);
    // A list with statuses and chapters, and the catalogue side of scripts/demo/sample-myanimelist-export.xml.
    const progress = await seedDemoReadingProgress(db, admin.username);
    if (progress.listed > 0) console.log(`  gave the demo admin a reading list (${progress.listed} series)`);
    // After the admin, who writes the pinned patch notes; an empty forum gets the demo threads.
    const forum = await seedDemoForumIfEmpty(db);
    if (forum.threads > 0)
      console.log(`  seeded the demo forum (${forum.threads} threads, ${forum.posts} posts)`);
    // By demo readers: none without the demo catalogue's readers, nothing when there are reviews already.
    const reviewed = await seedDemoReviewsIfEmpty(db);
    if (reviewed.reviews > 0)
      console.log(`  seeded ${reviewed.reviews} demo reviews (${reviewed.marks} helpful marks)`);
    const [row] = await db
      .select({
        n: sql<number>`count(*)::int`,
        changed: sql<string | null>`max(${series.updatedAt})::text`,
        voters: sql<number>`coalesce(sum(${series.voterCount}), 0)::int`,
        scores: sql<number>`(select coalesce(sum(${seriesScores.finalScore}), 0)::float8 from ${seriesScores})`,
        // Series pages show the most helpful reviews.
        reviews: sql<string>`(select count(*) || ':' || coalesce(sum(helpful_count), 0) || ':' ||
          coalesce(max(updated_at)::text, '') from reviews)`,
      })
      .from(series);
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
  const admin = {
    username: 'admin',
    email: 'admin@gmail.com',
    password: randomBytes(12).toString('base64url'),
  };
  const passwordHash = await hashPassword(admin.password);
  // The credentials file was lost but the account may remain: give it the new password.
  const updated = await db
    .update(users)
    .set({ passwordHash, role: 'ADMIN', emailVerifiedAt: new Date() })
    .where(sql`lower(${users.username}) = ${admin.username}`)
    .returning({ id: users.id });
  if (updated.length === 0) {
    await db.insert(users).values({ ...admin, passwordHash, role: 'ADMIN', emailVerifiedAt: new Date() });
  }
  writeFileSync(
    file,
    JSON.stringify({ username: admin.username, email: admin.email, password: admin.password }, null, 2),
    {
      mode: 0o600,
    },
  );
  return { ...admin, file };
}
