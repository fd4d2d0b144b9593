/**
 * Saves the build-time catalogue (every series with its detail, and the first page of each ranked list)
 * to a JSON file, so a build can run without the API: `SNAPSHOT_FILE=<file> npm run build`.
 *
 *   npm run snapshot                  # from BUILD_API_URL, else PUBLIC_API_URL, else http://localhost:8787
 *   SNAPSHOT_FILE=/tmp/c.json npm run snapshot
 *
 * The file defaults to .snapshot/catalogue.json (git-ignored).
 */
import { fetchCatalogue, snapshotPath, writeSnapshotFile } from '../src/features/catalogue/catalogue-source';
import { buildApiUrl } from '../src/lib/build-fetch';

const apiUrl = buildApiUrl(process.env);
const file = snapshotPath(process.env);

try {
  const started = performance.now();
  const snapshot = await fetchCatalogue(apiUrl);
  await writeSnapshotFile(file, snapshot);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Saved ${snapshot.series.length} series from ${apiUrl} to ${file} in ${seconds} s.`);
} catch (error) {
  console.error(`Snapshot failed: ${(error as Error).message}`);
  console.error('Start the API first (npm run api) or point BUILD_API_URL at a running one.');
  process.exitCode = 1;
}
