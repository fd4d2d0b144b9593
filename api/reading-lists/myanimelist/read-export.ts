import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { isPossibleSerialId } from '../../../contract/http';
import {
  DEFAULT_READING_STATUS,
  MAL_ANIME_EXPORT,
  MAL_FILE_TOO_LARGE,
  MAL_IMPORT_MAX_ATTRIBUTES,
  MAL_IMPORT_MAX_DEPTH,
  MAL_IMPORT_MAX_ELEMENTS,
  MAL_IMPORT_MAX_ENTRIES,
  MAL_IMPORT_MAX_NAME_CHARS,
  MAL_IMPORT_MAX_TEXT_CHARS,
  MAL_IMPORT_MAX_UPLOAD_BYTES,
  MAL_IMPORT_MAX_XML_BYTES,
  MAL_NAME_TOO_LONG,
  MAL_NESTED_TOO_DEEP,
  MAL_NOT_AN_EXPORT,
  MAL_TEXT_TOO_LONG,
  MAL_TOO_MANY_ATTRIBUTES,
  MAL_TOO_MANY_ELEMENTS,
  MAL_TOO_MANY_ENTRIES,
  MAL_XML_TOO_LARGE,
  MAL_NO_SCORE,
  MAX_CHAPTERS_READ,
  MAX_PERSONAL_SCORE,
  MIN_PERSONAL_SCORE,
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
  /** `my_score` when it is a whole number from 1 to 10; null for none (0, empty or missing) or not a score. */
  score: number | null;
  /** `my_score` as the file gives it (trimmed) when it is no whole number from 0 to 10: left out. */
  ignoredScore?: string;
}

export type MalReadProblem =
  | 'not-an-export'
  | 'anime-export'
  | 'too-large'
  | 'xml-too-large'
  | 'too-many'
  | 'too-deep'
  | 'too-many-attributes'
  | 'name-too-long'
  | 'text-too-long'
  | 'too-many-elements';

const PROBLEM_TEXT: Record<MalReadProblem, string> = {
  'not-an-export': MAL_NOT_AN_EXPORT,
  'anime-export': MAL_ANIME_EXPORT,
  'too-large': MAL_FILE_TOO_LARGE,
  'xml-too-large': MAL_XML_TOO_LARGE,
  'too-many': MAL_TOO_MANY_ENTRIES,
  'too-deep': MAL_NESTED_TOO_DEEP,
  'too-many-attributes': MAL_TOO_MANY_ATTRIBUTES,
  'name-too-long': MAL_NAME_TOO_LONG,
  'text-too-long': MAL_TEXT_TOO_LONG,
  'too-many-elements': MAL_TOO_MANY_ELEMENTS,
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
  /** The shape of an export (see contract/reading-progress-values.ts). */
  maxDepth: number;
  maxAttributes: number;
  maxNameChars: number;
  maxTextChars: number;
  maxElements: number;
}

export const MAL_READ_LIMITS: MalReadLimits = {
  maxUploadBytes: MAL_IMPORT_MAX_UPLOAD_BYTES,
  maxXmlBytes: MAL_IMPORT_MAX_XML_BYTES,
  maxEntries: MAL_IMPORT_MAX_ENTRIES,
  maxDepth: MAL_IMPORT_MAX_DEPTH,
  maxAttributes: MAL_IMPORT_MAX_ATTRIBUTES,
  maxNameChars: MAL_IMPORT_MAX_NAME_CHARS,
  maxTextChars: MAL_IMPORT_MAX_TEXT_CHARS,
  maxElements: MAL_IMPORT_MAX_ELEMENTS,
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

/** The fields read; the rest of an entry (dates, comments) is passed over. */
const ENTRY_FIELDS = new Set([
  'manga_mangadb_id',
  'manga_title',
  'my_read_chapters',
  'my_status',
  'my_score',
]);
/** Longer text in a field read is cut: no title comes near it, and a hostile file gains nothing. */
const MAX_FIELD_CHARS = 2000;
const GZIP_MAGIC = [0x1f, 0x8b];
/**
 * Bytes read or inflated, and characters parsed, at a time. Between slices the parser hands the event loop
 * back, so other requests keep being answered while a large file is read, and the bounds below are checked.
 * A slice of the densest markup (4,000 empty elements) parses in a millisecond or two; four imports at once
 * each take a slice in turn, so a request waits a few milliseconds, not the whole file.
 */
const SLICE = 16 * 1024;

/**
 * Reads a MyAnimeList manga export (`.xml`, or `.xml.gz` as MyAnimeList hands it out) as a stream: a gzip
 * file is inflated chunk by chunk and refused as soon as it passes `maxXmlBytes`, so a gzip bomb costs no
 * more than that bound; the XML is parsed by saxes, which reads no DTD and expands no entity beyond XML's
 * five, and a document type declaration of any kind is refused outright. The text is parsed in slices of
 * 16 KB with a turn of the event loop between them, and refused as soon as it leaves the shape of an export
 * (nesting, attributes, name and text lengths, elements: see `ExportReader`) or passes `maxEntries`, so no
 * file holds the parser's memory or the event loop for long.
 */
export async function readMalExport(
  file: Buffer,
  limits: MalReadLimits = MAL_READ_LIMITS,
): Promise<MalEntry[]> {
  if (file.length > limits.maxUploadBytes) throw new MalReadError('too-large');
  const gzipped = file.length >= 2 && file[0] === GZIP_MAGIC[0] && file[1] === GZIP_MAGIC[1];
  const reader = new ExportReader(limits);
  const decoder = new StringDecoder('utf8');
  if (!gzipped) {
    for (let start = 0; start < file.length; start += SLICE) {
      await reader.write(decoder.write(file.subarray(start, start + SLICE)));
    }
  } else {
    const inflate = createGunzip({ chunkSize: SLICE });
    let inflated = 0;
    try {
      for await (const chunk of Readable.from([file]).pipe(inflate) as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > limits.maxXmlBytes) throw new MalReadError('xml-too-large');
        await reader.write(decoder.write(chunk));
      }
    } catch (error) {
      if (error instanceof MalReadError) throw error;
      // Not gzip after all, or a truncated or corrupt stream.
      throw new MalReadError('not-an-export');
    } finally {
      inflate.destroy();
    }
  }
  await reader.write(decoder.end());
  return reader.finish();
}

/** What saxes holds while it reads a name or a text, before it emits the event that carries it. */
interface SaxesPending {
  name?: unknown;
  piTarget?: unknown;
  entity?: unknown;
  text?: unknown;
}
const pendingLength = (value: unknown) => (typeof value === 'string' ? value.length : 0);
/** XML's white space is these four characters only. */
const NOT_WHITE_SPACE = /[^ \t\r\n]/;

/**
 * The SAX side: tracks where it is in the document, collects the entries, and keeps the document within the
 * shape of an export. Depth, attributes per element, elements, names and texts are checked as saxes reports
 * them; a name or a text still being read (which saxes reports only once it ends) is measured after each
 * slice, so a file of one endless name or value is refused within a slice of the bound rather than after
 * the whole of it.
 */
class ExportReader {
  private readonly parser = new SaxesParser({ position: false });
  private readonly entries: MalEntry[] = [];
  private readonly path: string[] = [];
  private exportType: string | undefined;
  private field: { name: string; text: string } | undefined;
  private entry: Partial<Record<string, string>> | undefined;
  private rootSeen = false;
  private elements = 0;
  private attributes = 0;

  constructor(private readonly limits: MalReadLimits) {
    const parser = this.parser;
    parser.on('doctype', () => {
      throw new MalReadError('not-an-export');
    });
    parser.on('opentagstart', (tag) => this.open(tag.name));
    parser.on('attribute', ({ name, value }) => {
      this.checkName(name);
      this.checkText(value);
      if (++this.attributes > this.limits.maxAttributes) throw new MalReadError('too-many-attributes');
    });
    parser.on('closetag', (tag) => this.close(tag.name));
    parser.on('text', (text) => this.text(text));
    parser.on('cdata', (text) => this.text(text));
    parser.on('comment', (text) => this.checkText(text));
    // No more handlers than these seven: saxes stores each as a new property of the parser, and an eighth
    // turns it into a dictionary-mode object, which parses a third slower. A processing instruction is
    // measured only while it is read (checkPending).
  }

  /** Parses `text` a slice at a time, handing the event loop back after each. */
  async write(text: string): Promise<void> {
    for (let start = 0; start < text.length; start += SLICE) {
      const slice = text.slice(start, start + SLICE);
      try {
        this.parser.write(slice);
      } catch (error) {
        throw error instanceof MalReadError ? error : new MalReadError('not-an-export');
      }
      this.checkPending(slice);
      await nextTurn();
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

  /**
   * saxes gathers a name or a text across writes and reports it when it ends; what it holds is measured
   * after each slice. A text past the bound is refused once the slice just read (which lies inside it, the
   * text being longer than a slice) holds more than white space: white space alone is left to the 50 MB
   * bound, so a file padded with it is refused as too large, as it always was. saxes keeps these buffers
   * private, so they are read by name; the tests that send an endless name and an endless text would fail
   * on a saxes without them.
   */
  private checkPending(slice: string): void {
    const pending = this.parser as unknown as SaxesPending;
    const { maxNameChars, maxTextChars } = this.limits;
    if (
      pendingLength(pending.name) > maxNameChars ||
      pendingLength(pending.piTarget) > maxNameChars ||
      pendingLength(pending.entity) > maxNameChars
    ) {
      throw new MalReadError('name-too-long');
    }
    if (pendingLength(pending.text) > maxTextChars && NOT_WHITE_SPACE.test(slice)) {
      throw new MalReadError('text-too-long');
    }
  }

  private checkName(name: string): void {
    if (name.length > this.limits.maxNameChars) throw new MalReadError('name-too-long');
  }

  /** A whole text, CDATA section, comment or value: white space alone is left to the size bounds. */
  private checkText(text: string): void {
    if (text.length > this.limits.maxTextChars && NOT_WHITE_SPACE.test(text)) {
      throw new MalReadError('text-too-long');
    }
  }

  /**
   * An element's name is read (its attributes follow): refused past the depth, the element count or the
   * name length, else where it stands in the export is noted.
   */
  private open(name: string): void {
    this.checkName(name);
    if (this.path.length >= this.limits.maxDepth) throw new MalReadError('too-deep');
    if (++this.elements > this.limits.maxElements) throw new MalReadError('too-many-elements');
    this.attributes = 0;
    const depth = this.path.length;
    if (depth === 0) {
      if (name !== 'myanimelist') throw new MalReadError('not-an-export');
      this.rootSeen = true;
    } else if (depth === 1 && name === 'manga') {
      if (this.entries.length >= this.limits.maxEntries) throw new MalReadError('too-many');
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
    this.checkText(text);
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
    title: detached(fields.manga_title ?? ''),
    readingStatus: readingStatus(fields.my_status),
    chaptersRead: Math.min(chapters, MAX_CHAPTERS_READ),
    ...personalScore(fields.my_score),
  };
}

/**
 * `my_score`: MyAnimeList writes 0 for no score, and a whole number from 1 to 10 otherwise. Empty or
 * missing is no score too; anything else (11, -1, 7.5, text) is left out and reported with its value.
 */
function personalScore(text: string | undefined): Pick<MalEntry, 'score' | 'ignoredScore'> {
  if (!text) return { score: null };
  const score = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (score === MAL_NO_SCORE) return { score: null };
  if (score >= MIN_PERSONAL_SCORE && score <= MAX_PERSONAL_SCORE) return { score };
  return { score: null, ignoredScore: detached(text) };
}

/**
 * A copy of `text` that holds nothing else. saxes hands out texts sliced from the chunk being parsed, and in
 * V8 a slice keeps its whole parent alive: titles kept as they come kept every chunk they were read from, the
 * whole inflated file (up to 50 MB), for as long as the import ran. (The text never holds a lone surrogate:
 * the decoder and saxes refuse them, so the round trip through UTF-8 is exact.)
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function wholeNumber(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function readingStatus(text: string | undefined): ReadingStatus {
  if (!text) return DEFAULT_READING_STATUS;
  return STATUS_BY_CODE[text] ?? STATUS_BY_WORD.get(text.toLowerCase()) ?? DEFAULT_READING_STATUS;
}
