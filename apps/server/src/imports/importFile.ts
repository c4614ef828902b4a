import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { and, asc, eq, gt } from 'drizzle-orm';
import { IMPORT_COLUMNS, type ImportColumn, type ImportFormat } from '@cmp/contracts/imports';
import type { Queryable } from '../platform/db/database';
import { accountImportChunks } from '../platform/db/schema';

// The uploaded file lives in 1 MB chunks and is read back as a stream: the check and the job hold
// one chunk and one row group at a time, never the whole file (issue 17: a 50 MB file is streamed).

const CHUNK_BYTES = 1024 * 1024;

/** Stores a file given as buffers of any size, re-cut to CHUNK_BYTES; answers the byte count. */
export async function storeImportFile(db: Queryable, importId: number, source: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<number> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let total = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const chunk = joined.subarray(0, CHUNK_BYTES);
      await db.insert(accountImportChunks).values({ importId, seq, data: Buffer.from(chunk) });
      seq += 1;
      const rest = joined.subarray(chunk.length);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
    }
  };
  for await (const buffer of source) {
    pending.push(buffer);
    pendingBytes += buffer.length;
    total += buffer.length;
    await flush(false);
  }
  await flush(true);
  return total;
}

/** The stored file as a byte stream, one chunk read from the database at a time. */
export function readImportFile(db: Queryable, importId: number): Readable {
  async function* chunks() {
    let seq = -1;
    for (;;) {
      const [row] = await db
        .select()
        .from(accountImportChunks)
        .where(and(eq(accountImportChunks.importId, importId), gt(accountImportChunks.seq, seq)))
        .orderBy(asc(accountImportChunks.seq))
        .limit(1);
      if (!row) return;
      seq = row.seq;
      yield row.data;
    }
  }
  return Readable.from(chunks());
}

/** One line of the file: its number as a spreadsheet shows it (the title row is 1) and its cells by column. */
export interface ImportRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}

/** A file whose title row names no known column, or that cannot be read at all. */
export class UnreadableImportFile extends Error {
  constructor(readonly missingColumn?: string) {
    super('unreadable import file');
  }
}

const normalizeTitle = (title: string) => title.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s_]/g, '');
const KNOWN = new Map(IMPORT_COLUMNS.map((column) => [normalizeTitle(column), column]));

function columnPositions(titles: string[]): (ImportColumn | undefined)[] {
  const positions = titles.map((title) => KNOWN.get(normalizeTitle(title)));
  for (const required of ['Type', 'Company'] as const) if (!positions.includes(required)) throw new UnreadableImportFile(required);
  return positions;
}

function toRow(row: number, positions: (ImportColumn | undefined)[], values: string[]): ImportRow | undefined {
  const cells: ImportRow['cells'] = {};
  let isEmpty = true;
  positions.forEach((column, index) => {
    const value = (values[index] ?? '').trim();
    if (!column || !value) return;
    cells[column] = value;
    isEmpty = false;
  });
  return isEmpty ? undefined : { row, cells };
}

/** The rows of the file in order, empty lines left out. */
export function readImportRows(format: ImportFormat, bytes: Readable): AsyncGenerator<ImportRow> {
  return format === 'CSV' ? csvRows(bytes) : excelRows(bytes);
}

/** ';' when the title line has more of them than commas (Excel's choice in most European locales), else ','. */
function separatorOf(head: Buffer): ',' | ';' {
  const firstLine = head.subarray(0, 64 * 1024).toString('utf8').split('\n')[0] ?? '';
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * CSV read incrementally by csv-parse (RFC 4180: quoted fields with "" and line breaks inside), CRLF
 * or LF lines, a UTF-8 BOM, the separator chosen from the title line. A quote inside an unquoted
 * field is kept as text, as Excel writes it; a quote never closed makes the file unreadable. Each
 * row is numbered by the line it starts on, as a text editor shows it.
 */
async function* csvRows(bytes: Readable): AsyncGenerator<ImportRow> {
  const chunks = bytes[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) throw new UnreadableImportFile('Type');
  const head = first.value as Buffer;
  const records = Readable.from(
    (async function* () {
      yield head;
      for await (const chunk of { [Symbol.asyncIterator]: () => chunks }) yield chunk as Buffer;
    })(),
  ).pipe(parse({ bom: true, delimiter: separatorOf(head), record_delimiter: ['\r\n', '\n'], relax_column_count: true, relax_quotes: true }));
  let positions: (ImportColumn | undefined)[] | undefined;
  let nextLine = 1;
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      const line = nextLine;
      // Line breaks only ever sit inside quoted fields (csv-parse's own line count takes a CRLF there for two).
      nextLine += 1 + record.reduce((breaks, field) => breaks + (field.match(/\n/g)?.length ?? 0), 0);
      if (!positions) positions = columnPositions(record);
      else {
        const row = toRow(line, positions, record);
        if (row) yield row;
      }
    }
  } catch (error) {
    if (error instanceof CsvError) throw new UnreadableImportFile();
    throw error;
  } finally {
    records.destroy();
  }
  if (!positions) throw new UnreadableImportFile('Type');
}

type ExcelCell = string | number | boolean | Date | null | undefined | { text?: string; richText?: { text: string }[]; result?: unknown; hyperlink?: string };

function cellText(value: ExcelCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if (value.richText) return value.richText.map((part) => part.text).join('');
    if (typeof value.text === 'string') return value.text;
    if ('result' in value) return String(value.result ?? '');
    return '';
  }
  return String(value);
}

/** The first worksheet of an .xlsx file, row by row through exceljs' streaming reader. */
async function* excelRows(bytes: Readable): AsyncGenerator<ImportRow> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(bytes, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
  let positions: (ImportColumn | undefined)[] | undefined;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as ExcelCell[]).slice(1).map(cellText);
        if (!positions) {
          if (row.number !== 1 && values.every((value) => !value.trim())) continue;
          positions = columnPositions(values);
          continue;
        }
        const parsed = toRow(row.number, positions, values);
        if (parsed) yield parsed;
      }
      break;
    }
  } catch (error) {
    if (error instanceof UnreadableImportFile) throw error;
    throw new UnreadableImportFile();
  }
  if (!positions) throw new UnreadableImportFile('Type');
}
