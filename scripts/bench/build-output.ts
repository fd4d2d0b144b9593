import { readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Every file under `dir`, as paths relative to it. */
export function listFiles(dir: string, root: string = dir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path, root));
    else if (entry.isFile()) files.push(relative(root, path));
  }
  return files;
}

export function countHtml(dir: string): number {
  return listFiles(dir).filter((file) => file.endsWith('.html')).length;
}

export interface OutputComparison {
  unchanged: string[];
  changed: string[];
  added: string[];
  removed: string[];
  /** Unchanged files that are the previous build's own file (same inode, so same mtime): never rewritten. */
  untouched: number;
}

/** What a rebuild changed: files byte-identical, changed, added and removed between two build outputs. */
export async function compareOutputs(before: string, after: string): Promise<OutputComparison> {
  const beforeFiles = new Set(listFiles(before));
  const comparison: OutputComparison = { unchanged: [], changed: [], added: [], removed: [], untouched: 0 };
  for (const file of listFiles(after)) {
    if (!beforeFiles.delete(file)) {
      comparison.added.push(file);
      continue;
    }
    const [a, b] = await Promise.all([readFile(join(before, file)), readFile(join(after, file))]);
    if (!a.equals(b)) {
      comparison.changed.push(file);
      continue;
    }
    comparison.unchanged.push(file);
    const [sa, sb] = await Promise.all([stat(join(before, file)), stat(join(after, file))]);
    if (sa.ino === sb.ino && sa.mtimeMs === sb.mtimeMs) comparison.untouched += 1;
  }
  comparison.removed = [...beforeFiles];
  return comparison;
}
