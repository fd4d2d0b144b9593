import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { manifest, readManifest, writeManifest } from './build-manifest';
import { buildPagesState, setBuildPagesState } from './changed-pages';
import { codeFingerprint } from './code-fingerprint';

/*
 * Incremental builds (docs/features/incremental-build.md). With PREVIOUS_SITE_DIST naming the previous
 * build's output, a build renders only the data pages whose inputs changed (changed-pages.ts) and links the
 * others from that output, byte for byte. A previous output that is missing, has no readable manifest, or
 * was built from other code, configuration, dependencies or settings makes it a full build.
 */

/** Links `file` of `from` into `to` (a copy across file systems); parents are made as needed. */
async function keepFile(from: string, to: string, file: string): Promise<void> {
  const target = join(to, file);
  await mkdir(dirname(target), { recursive: true });
  await rm(target, { force: true });
  try {
    await link(join(from, file), target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(join(from, file), target);
  }
}

async function keepFiles(from: string, to: string, files: readonly string[], parallel = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) await keepFile(from, to, files[next++]!);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** The site's keptUrls array: the sitemap integration's customPages, filled while the routes run. */
export function incrementalBuild(keptUrls: string[], root: string): AstroIntegration {
  let code = '';
  return {
    name: 'panelrank-incremental-build',
    hooks: {
      'astro:config:setup': async ({ command, config, logger }) => {
        if (command !== 'build') return;
        code = await codeFingerprint(root, process.env);
        const site = config.site ?? 'http://localhost:4321';
        const state = { site, pages: new Map<string, string>(), kept: [], keptUrls };
        const previousDir = process.env.PREVIOUS_SITE_DIST?.trim();
        if (!previousDir) {
          logger.info('Full build: no previous output given (PREVIOUS_SITE_DIST)');
          setBuildPagesState(state);
          return;
        }
        const previous = await readManifest(resolve(previousDir));
        if ('problem' in previous) {
          logger.info(`Full build: ${previous.problem}`);
        } else if (previous.code !== code) {
          logger.info('Full build: the site code, configuration, dependencies or settings changed');
        } else {
          logger.info(`Incremental build against ${previousDir}`);
          setBuildPagesState({ ...state, previous: { dir: resolve(previousDir), pages: previous.pages } });
          return;
        }
        setBuildPagesState(state);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const state = buildPagesState();
        if (!state) return;
        const outDir = fileURLToPath(dir);
        if (state.previous) await keepFiles(state.previous.dir, outDir, state.kept);
        await writeManifest(outDir, manifest(code, state.pages));
        logger.info(
          `${state.pages.size - state.kept.length} data pages rendered, ${state.kept.length} kept from the previous build`,
        );
        setBuildPagesState(undefined);
      },
    },
  };
}
