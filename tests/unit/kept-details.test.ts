import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SeriesDetail } from '../../contract/catalogue';
import {
  KEPT_DETAILS_FILE,
  readKeptDetails,
  writeKeptDetails,
  type KeptDetails,
} from '../../src/features/catalogue/kept-details';

/* The details a build keeps for the next one: written and read back as they were, refused when damaged. */

const dir = mkdtempSync(join(tmpdir(), 'panelrank-kept-details-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Enough for the file's own checks; the details' fields are the API's and pass through as they are.
const detail = (id: number) =>
  ({
    series_id: id,
    title: `Series ${id} "quoted" \u2028`,
    synopsis: 'Ünïcode 別名',
  }) as unknown as SeriesDetail;

const kept: KeptDetails = {
  apiUrl: 'http://api.example',
  basis: 'abc',
  fullReadAt: '2026-11-28T10:00:00.000Z',
  cataloguePrint: 'print',
  // More than one write's worth, so the file is written in several pieces.
  byId: new Map(
    Array.from({ length: 2500 }, (_, index) => [
      index + 1,
      { version: `${index}.7`, detail: detail(index + 1) },
    ]),
  ),
};

describe('kept details', () => {
  it('are read back as they were written, in id order', async () => {
    await writeKeptDetails(dir, kept);
    const read = await readKeptDetails(dir);
    expect(read).toEqual({ ...kept, file: join(dir, KEPT_DETAILS_FILE) });
    expect([...(read as KeptDetails).byId.keys()].slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('are the file they were read from when unchanged: linked, not written again', async () => {
    await writeKeptDetails(dir, kept);
    const next = join(dir, 'next');
    mkdirSync(next);
    const read = (await readKeptDetails(dir)) as KeptDetails;
    await writeKeptDetails(next, read);
    const inode = (folder: string) => statSync(join(folder, KEPT_DETAILS_FILE)).ino;
    expect(inode(next)).toBe(inode(dir));
    // Without the file it names, they are written.
    rmSync(join(next, KEPT_DETAILS_FILE));
    await writeKeptDetails(next, { ...read, file: join(dir, 'gone') });
    expect(inode(next)).not.toBe(inode(dir));
    expect(await readKeptDetails(next)).toEqual({ ...kept, file: join(next, KEPT_DETAILS_FILE) });
    rmSync(next, { recursive: true });
  });

  it('are refused when missing, damaged or of another version, saying why', async () => {
    const file = join(dir, KEPT_DETAILS_FILE);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.length / 2));
    expect(await readKeptDetails(dir)).toEqual({ problem: `the previous ${KEPT_DETAILS_FILE} is damaged` });
    // Cut at a line's end: every line parses, but fewer than the header counts.
    writeFileSync(file, text.slice(0, text.lastIndexOf('\n', text.length / 2) + 1));
    expect(await readKeptDetails(dir)).toEqual({ problem: `the previous ${KEPT_DETAILS_FILE} is damaged` });
    writeFileSync(file, text.replace('"version":2', '"version":3'));
    expect(await readKeptDetails(dir)).toEqual({
      problem: `the previous ${KEPT_DETAILS_FILE} is of another version or damaged`,
    });
    // An item whose detail is not the series it is filed under.
    writeFileSync(file, text.replace('[1,"0.7",{"series_id":1', '[1,"0.7",{"series_id":2'));
    expect(await readKeptDetails(dir)).toEqual({ problem: `the previous ${KEPT_DETAILS_FILE} is damaged` });
    expect(await readKeptDetails(join(dir, 'nowhere'))).toEqual({
      problem: `no ${KEPT_DETAILS_FILE} in the previous output`,
    });
  });
});
