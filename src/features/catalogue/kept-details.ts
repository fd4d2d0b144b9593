import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { SeriesDetail } from './catalogue-types';
import { SNAPSHOT_VERSION } from './catalogue-schema';

/*
 * The series details a build read from the API, kept beside its output so the next build asks the API only
 * for the series whose version changed (catalogue-source.ts). On Netlify they travel in the build cache with
 * the rest of the output and are not published (netlify/plugins/previous-build).
 */

export const KEPT_DETAILS_FILE = '.build-details.json';
const FORMAT = 'panelrank-kept-details';
const VERSION = 1;

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
  /** Each series' version and detail, by id. */
  byId: Map<number, KeptDetail>;
}

interface KeptDetailsFile {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** The build catalogue's format the details were read for. */
  snapshot_version: number;
  api_url: string;
  basis: string;
  full_read_at: string;
  /** [id, version, detail], in id order. */
  items: [number, string, SeriesDetail][];
}

/** The details kept in a previous build's output, or why there are none to use. */
export async function readKeptDetails(outputDir: string): Promise<KeptDetails | { problem: string }> {
  let text: string;
  try {
    text = await readFile(join(outputDir, KEPT_DETAILS_FILE), 'utf8');
  } catch {
    return { problem: `no ${KEPT_DETAILS_FILE} in the previous output` };
  }
  let file: Partial<KeptDetailsFile>;
  try {
    file = JSON.parse(text) as Partial<KeptDetailsFile>;
  } catch {
    return { problem: `the previous ${KEPT_DETAILS_FILE} is damaged` };
  }
  if (
    file.format !== FORMAT ||
    file.version !== VERSION ||
    file.snapshot_version !== SNAPSHOT_VERSION ||
    typeof file.api_url !== 'string' ||
    typeof file.basis !== 'string' ||
    typeof file.full_read_at !== 'string' ||
    !Array.isArray(file.items)
  ) {
    return { problem: `the previous ${KEPT_DETAILS_FILE} is of another version or damaged` };
  }
  const byId = new Map<number, KeptDetail>();
  for (const item of file.items) {
    const [id, version, detail] = Array.isArray(item) ? item : [];
    if (typeof id !== 'number' || typeof version !== 'string' || detail?.series_id !== id) {
      return { problem: `the previous ${KEPT_DETAILS_FILE} is damaged` };
    }
    byId.set(id, { version, detail });
  }
  return { apiUrl: file.api_url, basis: file.basis, fullReadAt: file.full_read_at, byId };
}

/** Items serialized per write: the whole file as one string would be another copy of every detail. */
const ITEMS_PER_WRITE = 1000;

/** Writes the details for the next build, a thousand at a time. */
export async function writeKeptDetails(outputDir: string, kept: KeptDetails): Promise<void> {
  const out = createWriteStream(join(outputDir, KEPT_DETAILS_FILE), 'utf8');
  const closed = once(out, 'close');
  const header: Omit<KeptDetailsFile, 'items'> = {
    format: FORMAT,
    version: VERSION,
    snapshot_version: SNAPSHOT_VERSION,
    api_url: kept.apiUrl,
    basis: kept.basis,
    full_read_at: kept.fullReadAt,
  };
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${JSON.stringify(header).slice(0, -1)},"items":[`);
  const entries = [...kept.byId];
  for (let start = 0; start < entries.length; start += ITEMS_PER_WRITE) {
    const chunk = entries
      .slice(start, start + ITEMS_PER_WRITE)
      .map(([id, { version, detail }]) => JSON.stringify([id, version, detail]));
    await write(`${start === 0 ? '' : ','}${chunk.join(',')}`);
  }
  out.end(']}\n');
  await closed;
}
