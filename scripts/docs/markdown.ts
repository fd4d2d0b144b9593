import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { projectRoot } from '../lib/processes';

/**
 * A Markdown table; `|` and line breaks inside cells are escaped so a cell never ends the row. Columns
 * empty in every row are left out.
 */
export function markdownTable(fullHeader: string[], fullRows: string[][]): string {
  const kept = fullHeader.map((_, column) => fullRows.some((row) => row[column]));
  const header = fullHeader.filter((_, column) => kept[column]);
  const rows = fullRows.map((row) => row.filter((_, column) => kept[column]));
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const begin = (name: string, command: string) =>
  `<!-- BEGIN GENERATED ${name}: \`${command}\` writes this part; edit its source, not this text -->`;
const end = (name: string) => `<!-- END GENERATED ${name} -->`;

/**
 * Replaces the generated part `name` of a hand-written document: the text between its BEGIN and END
 * markers. The rest of the document (introductions, hand-written sections) stays as written.
 */
export function replaceGeneratedPart(
  document: string,
  name: string,
  command: string,
  content: string,
): string {
  const start = document.indexOf(`<!-- BEGIN GENERATED ${name}:`);
  const stop = document.indexOf(end(name));
  if (start < 0 || stop < start) {
    throw new Error(
      `the document has no generated part ${name} (markers "${begin(name, command)}" … "${end(name)}")`,
    );
  }
  return `${document.slice(0, start)}${begin(name, command)}\n\n${content.trim()}\n\n${document.slice(stop)}`;
}

/** Formats Markdown as `npm run lint` (prettier --check) expects it, with the repository's Prettier settings. */
export async function formatMarkdown(text: string, path: string): Promise<string> {
  const options = (await resolveConfig(path)) ?? {};
  return format(text, { ...options, filepath: path, parser: 'markdown' });
}

/** A document of the repository, by its path from the root (`docs/api.md`). */
export function readDocument(path: string): string {
  return readFileSync(join(projectRoot, path), 'utf8');
}
