/**
 * What encoding a page to bytes costs, as Astro builds it (one string of many pieces) and as the build now
 * does it (src/lib/page-bytes.ts): first the cost of flattening such a string by size, one-byte and
 * two-byte, around V8's 128 KB large-object limit; then a page, whole and in pieces.
 *
 *   npm run bench:encoding                          # a list page's size, made up: 101,000 characters
 *   npm run bench:encoding -- --page dist/index.html
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PageBytes } from '../../src/lib/page-bytes';
import { printMachineReference } from './machine-reference';

const { values } = parseArgs({ options: { page: { type: 'string' } } });

/** Astro appends a page's chunks one by one; a few hundred characters each is typical. */
const CHUNK = 200;
const encoder = new TextEncoder();

function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += CHUNK) chunks.push(text.slice(at, at + CHUNK));
  return chunks;
}

/** One string built as Astro builds a page: each chunk appended to the last. */
function appended(chunks: string[]): string {
  let text = '';
  for (const chunk of chunks) text += chunk;
  return text;
}

/** Median milliseconds per call of `work` on inputs made by `make` (fresh strings: a flat one would cost nothing). */
function median<T>(make: () => T, work: (input: T) => unknown): number {
  const rounds: number[] = [];
  for (let round = 0; round < 9; round += 1) {
    const inputs = Array.from({ length: 100 }, make);
    const started = performance.now();
    for (const input of inputs) work(input);
    rounds.push((performance.now() - started) / inputs.length);
  }
  return rounds.sort((a, b) => a - b)[4]!;
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

printMachineReference();

console.log('\nFlattening and encoding one string of 200-character pieces, by its length:');
console.log('  characters   one-byte: flatten   encode     two-byte: flatten   encode');
const text = 'abcdefghij'.repeat(14_000);
for (const thousands of [32, 63, 64, 100, 127, 128]) {
  const oneByte = chunksOf(text.slice(0, thousands * 1024));
  // One character past U+00FF makes the whole string two bytes a character.
  const twoByte = chunksOf(`…${text.slice(1, thousands * 1024)}`);
  const row = [oneByte, twoByte].flatMap((chunks) => [
    median(
      () => appended(chunks),
      (page) => page.charCodeAt(1),
    ),
    median(
      () => appended(chunks),
      (page) => encoder.encode(page),
    ),
  ]);
  console.log(
    `  ${`${thousands} K`.padEnd(11)}${row.map((value, index) => ms(value).padStart(index % 2 ? 11 : 19)).join('')}`,
  );
}

const page = values.page
  ? readFileSync(values.page, 'utf8')
  : // A list page's size, its text two bytes a character (a title in Korean), made of the same pieces.
    `${'<article class="card"><h2><a href="/series/1">The Thousandth Princess</a></h2>'.repeat(1_300)}탑법 법`;
const chunks = chunksOf(page);

/** The page's chunks appended into one string, then encoded: as Astro does. */
function encodedWhole(parts: string[]): Uint8Array {
  return encoder.encode(appended(parts));
}

/** The same chunks gathered and encoded by a PageBytes: as the build does. */
function encodedInPieces(parts: string[]): Uint8Array {
  const bytes = new PageBytes();
  let gathered = '';
  for (const chunk of parts) gathered = bytes.take(gathered, chunk);
  return bytes.finish(gathered);
}

const whole = median(() => chunks, encodedWhole);
const inPieces = median(() => chunks, encodedInPieces);
const same = Buffer.from(encodedWhole(chunks)).equals(Buffer.from(encodedInPieces(chunks)));
console.log(
  `\n${values.page ?? 'A made-up list page'} (${page.length.toLocaleString('en')} characters, ` +
    `${[...page].some((character) => character.codePointAt(0)! > 0xff) ? 'two' : 'one'} bytes each):`,
);
console.log(`  built whole, then encoded   ${ms(whole)}`);
console.log(`  encoded in pieces           ${ms(inPieces)} (the same bytes: ${same ? 'yes' : 'NO'})`);
console.log(`  ${(whole / inPieces).toFixed(1)}× as fast in pieces`);
