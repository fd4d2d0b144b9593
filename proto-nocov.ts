import { openDatabase, migrateDatabase } from './api/db/client';
import { seedDemoCatalogue } from './api/catalogue/demo-catalogue';
const h = await openDatabase({ kind: 'memory' });
await migrateDatabase(h);
const c0 = process.cpuUsage(); const t = performance.now();
const r = await seedDemoCatalogue(h.db, null as never, { series: 10000, covers: false });
const c = process.cpuUsage(c0);
console.log(r, 'wall', ((performance.now() - t) / 1000).toFixed(1), 'cpu', ((c.user + c.system) / 1e6).toFixed(1));
