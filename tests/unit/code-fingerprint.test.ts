import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeFingerprint } from '../../src/features/incremental-build/code-fingerprint';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'panelrank-code-'));
  roots.push(root);
  mkdirSync(join(root, 'src/pages'), { recursive: true });
  writeFileSync(join(root, 'src/pages/index.astro'), '<h1>Home</h1>');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  return root;
}

describe('the code fingerprint of incremental builds', () => {
  const env = {
    SITE_URL: 'https://panelrank.example',
    PUBLIC_API_URL: 'https://api.example',
    BUILD_API_URL: 'a',
  };

  it('is the same for the same code and settings', async () => {
    const root = site();
    expect(await codeFingerprint(root, env)).toBe(await codeFingerprint(root, { ...env }));
  });

  it('changes with a source file, a new file, the locked dependencies or a public setting', async () => {
    const root = site();
    const before = await codeFingerprint(root, env);
    writeFileSync(join(root, 'src/pages/index.astro'), '<h1>Home!</h1>');
    const edited = await codeFingerprint(root, env);
    expect(edited).not.toBe(before);
    writeFileSync(join(root, 'src/pages/about.astro'), '<h1>About</h1>');
    const added = await codeFingerprint(root, env);
    expect(added).not.toBe(edited);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    const locked = await codeFingerprint(root, env);
    expect(locked).not.toBe(added);
    expect(await codeFingerprint(root, { ...env, PUBLIC_API_URL: 'https://api2.example' })).not.toBe(locked);
    expect(await codeFingerprint(root, { ...env, SITE_URL: 'https://www.panelrank.example' })).not.toBe(
      locked,
    );
  });

  it('ignores where the build reads its data from', async () => {
    const root = site();
    expect(await codeFingerprint(root, { ...env, BUILD_API_URL: 'http://127.0.0.1:9' })).toBe(
      await codeFingerprint(root, env),
    );
  });
});
