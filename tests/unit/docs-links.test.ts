import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../scripts/lib/processes';

const documents = globSync(['*.md', '{docs,api,contract,src,scripts,tests}/**/*.md'], { cwd: projectRoot });
const text = (file: string) => readFileSync(join(projectRoot, file), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');
}

function anchors(file: string): Set<string> {
  const headings = [...text(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!));
  return new Set(headings);
}

describe('the documentation', () => {
  it('is found', () => {
    expect(documents).toEqual(
      expect.arrayContaining(['README.md', 'docs/README.md', 'docs/architecture.md']),
    );
  });

  it('holds no merge left unresolved', () => {
    // Prettier turns a leftover `>>>>>>> branch` line into a quote, `> > > > > > > branch`: both are caught.
    const marker = /^(<{7}|>{7}|(> ){6}>) \S/m;
    expect(documents.filter((file) => marker.test(text(file)))).toEqual([]);
  });

  it('links only to files and headings of the repository', () => {
    const problems: string[] = [];
    for (const file of documents) {
      for (const [, target] of text(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const linked = path === '' ? join(projectRoot, file) : resolve(projectRoot, dirname(file), path);
        const inside = relative(projectRoot, linked);
        if (inside.startsWith('..')) problems.push(`${file}: ${target} is outside the repository`);
        else if (!existsSync(linked)) problems.push(`${file}: ${target} does not exist`);
        else if (anchor && linked.endsWith('.md') && !anchors(inside).has(anchor)) {
          problems.push(`${file}: ${target} names no heading of ${inside}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('names only files and folders that exist', () => {
    const problems: string[] = [];
    const pathPattern = /`((?:api|src|contract|scripts|tests|public|netlify|docs)\/[^`\s]*)`/g;
    for (const file of documents) {
      for (const [, path] of text(file).matchAll(pathPattern)) {
        // Placeholders (`api/<feature>/`, `/series/{id}`) name no single file.
        if (/[<{…]/.test(path!)) continue;
        const found = path!.includes('*')
          ? globSync(path!, { cwd: projectRoot }).length > 0
          : existsSync(join(projectRoot, path!));
        if (!found) problems.push(`${file}: ${path}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('cites the repository, never the product specification it was written from', () => {
    const citations = documents.filter((file) => /shared\/spec|spec \u00a7/.test(text(file)));
    expect(citations).toEqual([]);
  });
});
