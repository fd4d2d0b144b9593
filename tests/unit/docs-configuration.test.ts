import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../api/config';
import {
  CONFIGURATION_DOC,
  configurationDocument,
  describeSetting,
  durationText,
} from '../../scripts/docs/configuration';
import { readDocument } from '../../scripts/docs/markdown';
import {
  localRunnerSettings,
  netlifySettings,
  notSettings,
  siteBuildSettings,
} from '../../scripts/docs/settings-outside-the-api';
import { projectRoot } from '../../scripts/lib/processes';

const outsideTheApi = [...siteBuildSettings, ...localRunnerSettings, ...netlifySettings];
const source = (file: string) => readFileSync(join(projectRoot, file), 'utf8');

describe('docs/configuration.md', () => {
  it('is what the configuration schema and the other settings generate (npm run docs:config)', async () => {
    expect(readDocument(CONFIGURATION_DOC)).toBe(await configurationDocument());
  });

  it("reads each variable's default and accepted input from the schema", () => {
    expect(describeSetting('PORT')).toMatchObject({ default: '8787', accepts: 'integer 0–65535' });
    expect(describeSetting('ACCESS_TOKEN_TTL')).toMatchObject({ default: '1d', accepts: 'duration' });
    expect(describeSetting('REQUEST_TIMEOUT')).toMatchObject({ default: '25s', accepts: 'duration' });
    expect(describeSetting('TRUST_PROXY')).toMatchObject({ default: 'false', accepts: 'boolean' });
    expect(describeSetting('JWT_SECRET')).toMatchObject({ default: undefined });
    expect(describeSetting('GOOGLE_ISSUERS').default).toBe('accounts.google.com,https://accounts.google.com');
    expect([600, 60, 65, 86_400, 0].map(durationText)).toEqual(['10m', '1m', '65s', '1d', '0s']);
  });

  it('describes every variable of the API', () => {
    const undescribed = Object.keys(configSchema.shape).filter(
      (name) => !describeSetting(name as keyof typeof configSchema.shape).description,
    );
    expect(undescribed).toEqual([]);
  });

  it('lists variables outside the API that the files it names still read, with a default found there', () => {
    const problems: string[] = [];
    for (const setting of outsideTheApi) {
      const readers = setting.readBy.map((file) => ({ file, text: source(file) }));
      for (const { file, text } of readers) {
        if (!text.includes(setting.name)) problems.push(`${setting.name} is not in ${file}`);
      }
      // 10_000 in code is 10000 in the environment.
      const literal = (text: string) => text.replace(/(\d)_(?=\d)/g, '$1');
      if (
        setting.default !== undefined &&
        !readers.some(({ text }) => literal(text).includes(setting.default!))
      ) {
        problems.push(
          `${setting.name}: its default ${setting.default} is in none of ${setting.readBy.join(', ')}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents every environment variable the code reads', () => {
    const documented = new Set([
      ...Object.keys(configSchema.shape),
      ...outsideTheApi.map((setting) => setting.name),
      ...notSettings,
    ]);
    const files = globSync(
      [
        'api/**/*.ts',
        'contract/**/*.ts',
        'src/**/*.{ts,tsx,astro,mjs}',
        'scripts/**/*.ts',
        'netlify/**/*.mts',
        'tests/**/*.ts',
        '*.{ts,mjs}',
      ],
      { cwd: projectRoot },
    );
    const read =
      /\b(?:process\.env|import\.meta\.env|env)\.([A-Z][A-Z0-9_]*)\b|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g;
    const undocumented = new Set<string>();
    for (const file of files) {
      for (const match of source(file).matchAll(read)) {
        const name = match[1] ?? match[2]!;
        if (!documented.has(name)) undocumented.add(`${name} (${file})`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect([...undocumented]).toEqual([]);
  });
});
