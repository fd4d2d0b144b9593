import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { isPossibleSerialId } from '../../db/ids';
import {
  DEFAULT_READING_STATUS,
  MAL_ANIME_EXPORT,
  MAL_FILE_TOO_LARGE,
  MAL_IMPORT_MAX_ENTRIES,
  MAL_IMPORT_MAX_UPLOAD_BYTES,
  MAL_IMPORT_MAX_XML_BYTES,
  MAL_NOT_AN_EXPORT,
  MAL_TOO_MANY_ENTRIES,
  MAL_XML_TOO_LARGE,
  MAX_CHAPTERS_READ,
  READING_STATUS_LABELS,
  READING_STATUSES,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';

/** One `<manga>` of a MyAnimeList export, in file order. */
export interface MalEntry {
  /** 0-based position among the file's manga entries. */
  sourceIndex: number;
  /** MyAnimeList's id of the work; null when missing or 0. */
  malId: number | null;
  title: string;
  readingStatus: ReadingStatus;
  chaptersRead: number;
}

export type MalReadProblem = 'not-an-export' | 'anime-export' | 'too-large' | 'xml-too-large' | 'too-many';

const PROBLEM_TEXT: Record<MalReadProblem, string> = {
  'not-an-export': MAL_NOT_AN_EXPORT,
  'anime-export': MAL_ANIME_EXPORT,
  'too-large': MAL_FILE_TOO_LARGE,
  'xml-too-large': MAL_XML_TOO_LARGE,
  'too-many': MAL_TOO_MANY_ENTRIES,
};

/** A file that is refused, with the text the API answers. */
export class MalReadError extends Error {
  constructor(readonly problem: MalReadProblem) {
    super(PROBLEM_TEXT[problem]);
    this.name = 'MalReadError';
  }

  /** Size problems are 413, everything else about the file 400. */
  get status(): 400 | 413 {
    return this.problem === 'too-large' || this.problem === 'xml-too-large' ? 413 : 400;
  }
}

export interface MalReadLimits {
  maxUploadBytes: number;
  maxXmlBytes: number;
  maxEntries: number;
}

export const MAL_READ_LIMITS: MalReadLimits = {
  maxUploadBytes: MAL_IMPORT_MAX_UPLOAD_BYTES,
  maxXmlBytes: MAL_IMPORT_MAX_XML_BYTES,
  maxEntries: MAL_IMPORT_MAX_ENTRIES,
};

/** MyAnimeList writes statuses as words, older exports as numbers (5 is unused). */
const STATUS_BY_CODE: Record<string, ReadingStatus> = {
  1: 'READING',
  2: 'COMPLETED',
  3: 'ON_HOLD',
  4: 'DROPPED',
  6: 'PLAN_TO_READ',
};
const STATUS_BY_WORD = new Map<string, ReadingStatus>(
  READING_STATUSES.map((status) => [READING_STATUS_LABELS[status].toLowerCase(), status]),
);

/** The fields read; the rest of an entry (dates, scores, comments) is passed over. */
const ENTRY_FIELDS = new Set(['manga_mangadb_id', 'manga_title', 'my_read_chapters', 'my_status']);
/** Longer text in a field read is cut: no title comes near it, and a hostile file gains nothing. */
const MAX_FIELD_CHARS = 2000;
const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Reads a MyAnimeList manga export (`.xml`, or `.xml.gz` as MyAnimeList hands it out) as a stream: a gzip
 * file is inflated chunk by chunk and refused as soon as it passes `maxXmlBytes`, so a gzip bomb costs no
 * more than that bound; the XML is parsed by saxes, which reads no DTD and expands no entity beyond XML's
 * five, and a document type declaration of any kind is refused outright. Parsing stops at the first entry
 * past `maxEntries`.
 */
export async function readMalExport(
  file: Buffer,
  limits: MalReadLimits = MAL_READ_LIMITS,
): Promise<MalEntry[]> {
  if (file.length > limits.maxUploadBytes) throw new MalReadError('too-large');
  const gzipped = file.length >= 2 && file[0] === GZIP_MAGIC[0] && file[1] === GZIP_MAGIC[1];
  const reader = new ExportReader(limits.maxEntries);
  const decoder = new StringDecoder('utf8');
  if (!gzipped) {
    reader.write(decoder.write(file));
  } else {
    const inflate = createGunzip();
    let inflated = 0;
    try {
      for await (const chunk of Readable.from([file]).pipe(inflate) as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > limits.maxXmlBytes) throw new MalReadError('xml-too-large');
        reader.write(decoder.write(chunk));
      }
    } catch (error) {
      if (error instanceof MalReadError) throw error;
      // Not gzip after all, or a truncated or corrupt stream.
      throw new MalReadError('not-an-export');
    } finally {
      inflate.destroy();
    }
  }
  reader.write(decoder.end());
  return reader.finish();
}

/** The SAX side: tracks where it is in the document and collects the entries. */
class ExportReader {
  private readonly parser = new SaxesParser({ position: false });
  private readonly entries: MalEntry[] = [];
  private readonly path: string[] = [];
  private exportType: string | undefined;
  private field: { name: string; text: string } | undefined;
  private entry: Partial<Record<string, string>> | undefined;
  private rootSeen = false;

  constructor(private readonly maxEntries: number) {
    const parser = this.parser;
    parser.on('doctype', () => {
      throw new MalReadError('not-an-export');
    });
    parser.on('opentag', (tag) => this.open(tag.name));
    parser.on('closetag', (tag) => this.close(tag.name));
    parser.on('text', (text) => this.text(text));
    parser.on('cdata', (text) => this.text(text));
  }

  write(text: string): void {
    if (!text) return;
    try {
      this.parser.write(text);
    } catch (error) {
      throw error instanceof MalReadError ? error : new MalReadError('not-an-export');
    }
  }

  finish(): MalEntry[] {
    try {
      this.parser.close();
    } catch (error) {
      throw error instanceof MalReadError ? error : new MalReadError('not-an-export');
    }
    if (!this.rootSeen) throw new MalReadError('not-an-export');
    if (this.exportType === '1') throw new MalReadError('anime-export');
    if (this.exportType !== '2') throw new MalReadError('not-an-export');
    return this.entries;
  }

  private open(name: string): void {
    const depth = this.path.length;
    if (depth === 0) {
      if (name !== 'myanimelist') throw new MalReadError('not-an-export');
      this.rootSeen = true;
    } else if (depth === 1 && name === 'manga') {
      if (this.entries.length >= this.maxEntries) throw new MalReadError('too-many');
      this.entry = {};
    } else if (depth === 2 && this.path[1] === 'myinfo' && name === 'user_export_type') {
      this.field = { name, text: '' };
    } else if (depth === 2 && this.entry && ENTRY_FIELDS.has(name)) {
      this.field = { name, text: '' };
    }
    this.path.push(name);
  }

  private close(name: string): void {
    this.path.pop();
    const depth = this.path.length;
    if (this.field && depth === 2 && this.field.name === name) {
      const text = this.field.text.trim();
      if (name === 'user_export_type') this.exportType = text;
      else if (this.entry) this.entry[name] = text;
      this.field = undefined;
    } else if (depth === 1 && name === 'manga' && this.entry) {
      this.entries.push(toEntry(this.entry, this.entries.length));
      this.entry = undefined;
    }
  }

  private text(text: string): void {
    if (this.field && this.field.text.length < MAX_FIELD_CHARS) {
      this.field.text = (this.field.text + text).slice(0, MAX_FIELD_CHARS);
    }
  }
}

function toEntry(fields: Partial<Record<string, string>>, sourceIndex: number): MalEntry {
  const id = wholeNumber(fields.manga_mangadb_id);
  const chapters = wholeNumber(fields.my_read_chapters) ?? 0;
  return {
    sourceIndex,
    // An id no `integer` column holds matches no series: the entry is matched by its title alone.
    malId: id !== null && isPossibleSerialId(id) ? id : null,
    title: fields.manga_title ?? '',
    readingStatus: readingStatus(fields.my_status),
    chaptersRead: Math.min(chapters, MAX_CHAPTERS_READ),
  };
}

function wholeNumber(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function readingStatus(text: string | undefined): ReadingStatus {
  if (!text) return DEFAULT_READING_STATUS;
  return STATUS_BY_CODE[text] ?? STATUS_BY_WORD.get(text.toLowerCase()) ?? DEFAULT_READING_STATUS;
}
