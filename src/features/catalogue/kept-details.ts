import { createReadStream, createWriteStream } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { SeriesDetail } from './catalogue-types';
import { SNAPSHOT_VERSION } from './catalogue-schema';
import { linkOrCopy } from '../incremental-build/link-or-copy';

/*
 * The series details a build read from the API, kept beside its output so the next build asks the API only
 * for the series whose version changed (catalogue-source.ts). On Netlify they travel in the build cache with
 * the rest of the output and are not published (netlify/plugins/previous-build).
 */

export const KEPT_DETAILS_FILE = '.build-details.json';
const FORMAT = 'panelrank-kept-details';
const VERSION = 2;

/**
 * How old the last full read may be before a build reads every detail again. A version catches every write
 * of a series' rows; this bounds, to a day, whatever else could leave a kept detail behind (an API upgrade
 * that shows the same rows differently without a new field).
 */
export const FULL_READ_EVERY_MS = 24 * 60 * 60 * 1000;

export interface KeptDetail {
  /** The series' version when its detail was read (GET /series/catalogue-versions). */
  version: string;
  detail: SeriesDetail;
}

export interface KeptDetails {
  /** The API they were read from: another API, and every detail is read again. */
  apiUrl: string;
  /** The API's basis for every detail when they were read. */
  basis: string;
  /** When every detail was last read (ISO 8601). */
  fullReadAt: string;
  /**
   * The fingerprint of the rest of the catalogue read with them (its orders, lists and reviews): with the
   * same details and the same rest, a build's pages have the inputs the previous build's had.
   */
  cataloguePrint: string;
  /** Each series' version and detail, by id. */
  byId: Map<number, KeptDetail>;
  /**
   * The file they are, line for line, when they and the rest of the catalogue are exactly as read from it:
   * the next build's copy is then that file again (at 100,000 series, writing it took a rebuild with nothing
   * changed 2-3 s).
   */
  file?: string;
}

/** The file's first line; then one line per series, `[id, version, detail]`, in id order. */
interface KeptDetailsHeader {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** The build catalogue's format the details were read for. */
  snapshot_version: number;
  api_url: string;
  basis: string;
  full_read_at: string;
  catalogue_print: string;
  /** How many lines follow: a file cut short at a line's end is damaged too. */
  count: number;
}

/*
 * One line per series, read line by line: at 100,000 series the file is about 185 MB, and parsed whole it
 * was one string of that size beside every object made from it, and seconds in which the build's event
 * loop did nothing else.
 */

/** The details kept in a previous build's output, or why there are none to use. */
export async function readKeptDetails(outputDir: string): Promise<KeptDetails | { problem: string }> {
  const damaged = { problem: `the previous ${KEPT_DETAILS_FILE} is damaged` };
  const file = join(outputDir, KEPT_DETAILS_FILE);
  try {
    await access(file);
  } catch {
    return { problem: `no ${KEPT_DETAILS_FILE} in the previous output` };
  }
  const input = createReadStream(file, 'utf8');
  let header: KeptDetailsHeader | undefined;
  const byId = new Map<number, KeptDetail>();
  try {
    for await (const line of linesOf(input)) {
      if (!header) {
        const first = JSON.parse(line) as Partial<KeptDetailsHeader>;
        if (!isCurrentHeader(first)) {
          return { problem: `the previous ${KEPT_DETAILS_FILE} is of another version or damaged` };
        }
        header = first;
        continue;
      }
      const item = JSON.parse(line) as unknown;
      const [id, version, detail] = Array.isArray(item) ? (item as [unknown, unknown, SeriesDetail]) : [];
      if (typeof id !== 'number' || typeof version !== 'string' || detail?.series_id !== id) return damaged;
      byId.set(id, { version, detail });
    }
  } catch {
    return damaged;
  } finally {
    input.destroy();
  }
  if (!header || byId.size !== header.count) return damaged;
  return {
    apiUrl: header.api_url,
    basis: header.basis,
    fullReadAt: header.full_read_at,
    cataloguePrint: header.catalogue_print,
    byId,
    file,
  };
}

/**
 * The lines of a text stream, split at "\n" alone: JSON never writes one inside a value, while readline
 * would also split at U+2028 and U+2029, which a title may hold.
 */
async function* linesOf(input: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of input) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  if (rest) yield rest;
}

function isCurrentHeader(header: Partial<KeptDetailsHeader>): header is KeptDetailsHeader {
  return (
    header.format === FORMAT &&
    header.version === VERSION &&
    header.snapshot_version === SNAPSHOT_VERSION &&
    typeof header.api_url === 'string' &&
    typeof header.basis === 'string' &&
    typeof header.full_read_at === 'string' &&
    typeof header.catalogue_print === 'string' &&
    typeof header.count === 'number'
  );
}

/**
 * Lines per write. A string past V8's largest young object (about 128 KB) lives in the old generation until
 * a full collection: at a thousand lines a write, a build's peak memory rose by about 150 MB.
 */
const LINES_PER_WRITE = 32;

/** Links (or copies) the file the details were read from, unchanged; false when it is not there. */
async function keepFile(from: string, to: string): Promise<boolean> {
  await rm(to, { force: true });
  return linkOrCopy(from, to).then(
    () => true,
    () => false,
  );
}

/** Writes the details for the next build, a few lines at a time, or links the file they were read from. */
export async function writeKeptDetails(outputDir: string, kept: KeptDetails): Promise<void> {
  const target = join(outputDir, KEPT_DETAILS_FILE);
  if (kept.file && (await keepFile(kept.file, target))) return;
  const out = createWriteStream(target, 'utf8');
  const closed = once(out, 'close');
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const header: KeptDetailsHeader = {
    format: FORMAT,
    version: VERSION,
    snapshot_version: SNAPSHOT_VERSION,
    api_url: kept.apiUrl,
    basis: kept.basis,
    full_read_at: kept.fullReadAt,
    catalogue_print: kept.cataloguePrint,
    count: kept.byId.size,
  };
  await write(`${JSON.stringify(header)}\n`);
  let lines = '';
  let pending = 0;
  for (const [id, { version, detail }] of kept.byId) {
    lines += `${JSON.stringify([id, version, detail])}\n`;
    pending += 1;
    if (pending === LINES_PER_WRITE) {
      await write(lines);
      lines = '';
      pending = 0;
    }
  }
  out.end(lines);
  await closed;
}
