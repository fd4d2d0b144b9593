/**
 * `npm run docs` (or `docs:config`, `docs:api`): writes the generated parts of the documents named on the
 * command line (all by default) and says which changed. The unit and API tests fail while one is stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../lib/processes';
import { readDocument } from './markdown';

const generators: Record<string, () => Promise<{ path: string; text: string }>> = {
  async configuration() {
    const { CONFIGURATION_DOC, configurationDocument } = await import('./configuration');
    return { path: CONFIGURATION_DOC, text: await configurationDocument() };
  },
  async api() {
    const { API_DOC, apiDocument } = await import('./api-reference');
    return { path: API_DOC, text: await apiDocument() };
  },
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in generators));
if (unknown.length > 0) {
  console.error(`Unknown document ${unknown.join(', ')}; known: ${Object.keys(generators).join(', ')}`);
  process.exit(1);
}
for (const name of requested.length > 0 ? requested : Object.keys(generators)) {
  const { path, text } = await generators[name]!();
  if (readDocument(path) === text) console.log(`${path} is up to date`);
  else {
    writeFileSync(join(projectRoot, path), text);
    console.log(`${path} written`);
  }
}
