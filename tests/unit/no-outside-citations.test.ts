import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../scripts/lib/processes';

/*
 * Comments and docs cite what a newcomer can open after cloning: a module, or a document under docs/. The
 * product specification the project was first written from is not in the repository, so a citation of it
 * (its folder, its numbered sections, or its HTTP contract by the bare file name it shares with
 * docs/api.md) leads nowhere. This file names them as examples, so it is not checked itself.
 */

const THIS_FILE = 'tests/unit/no-outside-citations.test.ts';

const SOURCE_AND_DOCS = /\.(ts|tsx|mts|cts|js|mjs|cjs|astro|css|md|html|toml|ya?ml)$/;

const OUTSIDE_CITATIONS: { name: string; pattern: RegExp }[] = [
  { name: 'the specification folder', pattern: /shared\/spec/i },
  { name: 'a numbered section', pattern: /§\s*\d/ },
  { name: 'a section of the specification', pattern: /\bspec\s*§/i },
  { name: 'a section of a part', pattern: /\bpart\s*[123]\s*§/i },
  { name: 'the external HTTP contract', pattern: /(?<!docs\/)\bapi\.md\b/i },
];

/** Tracked files, and new ones not ignored, so a citation is caught before it is committed. */
function sourceAndDocFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter(
      (file) => SOURCE_AND_DOCS.test(file) && file !== THIS_FILE && existsSync(join(projectRoot, file)),
    );
}

/**
 * A Markdown link whose target is the repository's own docs/api.md (`[api.md](../api.md#forum)` inside
 * docs/) cites a file that exists, so it is blanked before the line is checked.
 */
function withoutLinksToApiDoc(file: string, line: string): string {
  if (!file.endsWith('.md')) return line;
  return line.replace(/\[[^\]]*\]\(([^)\s#]*)(#[^)\s]*)?\)/g, (link, target: string) =>
    posix.normalize(posix.join(dirname(file), target)) === 'docs/api.md' ? '' : link,
  );
}

function outsideCitations(file: string, content: string): string[] {
  const found: string[] = [];
  content.split('\n').forEach((line, index) => {
    const checked = withoutLinksToApiDoc(file, line);
    for (const { name, pattern } of OUTSIDE_CITATIONS) {
      if (pattern.test(checked)) found.push(`${file}:${index + 1} (${name}): ${line.trim()}`);
    }
  });
  return found;
}

describe('citations in source and docs', () => {
  it('checks the source and the documentation', () => {
    expect(sourceAndDocFiles()).toEqual(
      expect.arrayContaining(['README.md', 'docs/api.md', 'api/server.ts', 'contract/forum-values.ts']),
    );
  });

  it('finds each kind of outside citation, and lets links to docs/api.md through', () => {
    const cited = [
      '// see shared/spec/design.md',
      '/** Limits (part2 §5). */',
      '/** The role (Spec §6). */',
      '// Thread list (§2).',
      '/** The forum (api.md "Forum"). */',
    ];
    expect(cited.map((line) => outsideCitations('src/example.ts', line).length)).toEqual([1, 2, 2, 1, 1]);
    expect(outsideCitations('src/example.ts', '/** The forum (docs/api.md, Forum). */')).toEqual([]);
    expect(outsideCitations('docs/features/forum.md', 'the calls ([api.md](../api.md#forum))')).toEqual([]);
    expect(outsideCitations('docs/features/forum.md', 'the calls (api.md, Forum)')).toHaveLength(1);
  });

  it('cite only files in the repository', () => {
    const found = sourceAndDocFiles().flatMap((file) =>
      outsideCitations(file, readFileSync(join(projectRoot, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
