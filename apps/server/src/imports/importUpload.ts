import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { MAX_IMPORT_FILE_BYTES } from '@cmp/contracts/imports';
import { ApiError } from '../platform/errors';
import type { ArchiveSource } from './importArchive';

/**
 * An uploaded import file as received: its size, its first bytes (what the content is), and its
 * bytes again as a stream to store. A file sent as the request body is spooled to a temporary file
 * as it arrives, so a 50 MB file is never held in memory and the database transaction that stores
 * it does not wait on the network.
 */
export interface ReceivedFile {
  bytes: number;
  head: Buffer;
  /** Where the bytes can be read at random, as a ZIP's central directory needs. */
  archive: ArchiveSource;
  chunks(): AsyncIterable<Buffer> | Iterable<Buffer>;
  dispose(): void;
}

const HEAD_BYTES = 4_096;

/** 413 with the limit in MB, the same words the portal shows before it uploads (issue 30 item 10). */
export const importFileTooLarge = () => new ApiError(413, 'import_file_too_large', { max: String(MAX_IMPORT_FILE_BYTES / 1024 / 1024) });

/** A file that came whole in a JSON body (ContentBase64). */
export function heldFile(content: Buffer): ReceivedFile {
  return { bytes: content.length, head: content.subarray(0, HEAD_BYTES), archive: { buffer: content }, chunks: () => [content], dispose: () => undefined };
}

/** Reads a request body to a temporary file; more than MAX_IMPORT_FILE_BYTES stops the upload with 413. */
export async function spooledFile(body: AsyncIterable<Buffer>): Promise<ReceivedFile> {
  const folder = mkdtempSync(path.join(tmpdir(), 'cmp-import-upload-'));
  const file = path.join(folder, 'upload');
  const dispose = () => rmSync(folder, { recursive: true, force: true });
  const out = createWriteStream(file);
  let bytes = 0;
  const head: Buffer[] = [];
  try {
    for await (const chunk of body) {
      bytes += chunk.length;
      if (bytes > MAX_IMPORT_FILE_BYTES) throw importFileTooLarge();
      if (bytes - chunk.length < HEAD_BYTES) head.push(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
  } catch (error) {
    out.destroy();
    dispose();
    throw error;
  }
  return { bytes, head: Buffer.concat(head).subarray(0, HEAD_BYTES), archive: { path: file }, chunks: () => createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>, dispose };
}
