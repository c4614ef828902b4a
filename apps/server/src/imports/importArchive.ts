import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ImportReadingLimits } from '../platform/config';
import { ApiError } from '../platform/errors';

// Issue 30 item 9: an .xlsx is a ZIP archive, and a 735 KB one unpacked to 755 MB took the server's
// memory. Before exceljs inflates anything, the archive's central directory is read and judged:
// - the declared unpacked sizes together stay under unpackedMaxBytes,
// - no large entry grows more than maxCompressionRatio from its packed size (real sheets pack about
//   5–30 to 1; only a crafted file packs hundreds to one),
// - the entries account for (nearly) all of the file's bytes, so no entry hides outside the
//   directory, where exceljs' streaming reader (which walks the local headers) would still find it.
// Declared sizes can lie, so every entry is then inflated once, as a stream counting its bytes, and
// abandoned at the first byte beyond what it declared or beyond the cap (yauzl's validateEntrySizes
// and our own counter): memory stays at one inflate window whatever the file claims.

/** An entry this large (unpacked) or larger must keep to the ratio; small ones (styles, rels) may pack tightly. */
const RATIO_APPLIES_FROM_BYTES = 1024 * 1024;
/** A real .xlsx has a dozen entries; thousands are only there to multiply the per-entry overhead. */
const MAX_ENTRIES = 1_000;
/** Bytes of the file no entry accounts for (comments, extra fields, data descriptors); beyond, something hides. */
const MAX_UNACCOUNTED_BYTES = 64 * 1024;
/** Per entry: local header (30) and central header (46) without their names, plus a data descriptor (24). */
const HEADER_BYTES = 30 + 46 + 24;
/** End of central directory record. */
const END_RECORD_BYTES = 22;

/** Where the archive is: a spooled upload on disk, or a file that came whole in a JSON body. */
export type ArchiveSource = { path: string } | { buffer: Buffer };

const refused = (limits: ImportReadingLimits) => new ApiError(400, 'import_archive_too_large', { max: String(Math.floor(limits.unpackedMaxBytes / 1024 / 1024)) });
const unreadable = () => new ApiError(400, 'import_file_unreadable');

/** Refuses (400) an archive that is not a readable ZIP, or that would unpack beyond the limits; reads nothing into memory beyond one entry's inflate window. */
export async function assertSafeArchive(source: ArchiveSource, fileBytes: number, limits: ImportReadingLimits): Promise<void> {
  const zip = await openArchive(source).catch(() => {
    throw unreadable();
  });
  try {
    const entries = await listEntries(zip);
    judgeDeclaredSizes(entries, fileBytes, limits);
    let unpacked = 0;
    for (const entry of entries) unpacked = await inflateCounting(zip, entry, unpacked, limits);
  } finally {
    zip.close();
  }
}

function openArchive(source: ArchiveSource): Promise<ZipFile> {
  // lazyEntries: one directory entry at a time; validateEntrySizes: inflating past a declared size is an error.
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true };
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) => (error || !zip ? reject(error ?? new Error('no archive')) : resolve(zip));
    if ('path' in source) yauzl.open(source.path, options, done);
    else yauzl.fromBuffer(source.buffer, options, done);
  });
}

function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    if (zip.entryCount > MAX_ENTRIES) return reject(unreadable());
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(unreadable()));
    zip.readEntry();
  });
}

function judgeDeclaredSizes(entries: Entry[], fileBytes: number, limits: ImportReadingLimits): void {
  let declared = 0;
  let accounted = END_RECORD_BYTES;
  for (const entry of entries) {
    declared += entry.uncompressedSize;
    accounted += entry.compressedSize + HEADER_BYTES + 2 * entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength;
    const isLarge = entry.uncompressedSize >= RATIO_APPLIES_FROM_BYTES;
    if (isLarge && entry.uncompressedSize > limits.maxCompressionRatio * Math.max(entry.compressedSize, 1)) throw refused(limits);
  }
  if (declared > limits.unpackedMaxBytes) throw refused(limits);
  if (fileBytes - accounted > MAX_UNACCOUNTED_BYTES) throw refused(limits);
}

/** Inflates one entry to nowhere, counting; answers the running total, or refuses past the cap or the entry's declared size. */
function inflateCounting(zip: ZipFile, entry: Entry, unpackedBefore: number, limits: ImportReadingLimits): Promise<number> {
  if (entry.fileName.endsWith('/')) return Promise.resolve(unpackedBefore);
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(unreadable());
      let unpacked = unpackedBefore;
      stream.on('data', (chunk: Buffer) => {
        unpacked += chunk.length;
        if (unpacked > limits.unpackedMaxBytes) {
          stream.destroy();
          reject(refused(limits));
        }
      });
      // yauzl reports an entry inflating beyond (or short of) its declared size as an error.
      stream.on('error', (cause: Error) => reject(/too many bytes/i.test(cause.message) ? refused(limits) : unreadable()));
      stream.on('end', () => resolve(unpacked));
    });
  });
}
