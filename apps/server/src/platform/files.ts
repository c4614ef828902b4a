import { eq } from 'drizzle-orm';
import type { Queryable } from './db/database';
import { storedFiles } from './db/schema';

/** A stored file's path: relative, no `..`, no backslashes, at most 300 characters. */
export function normalizeFilePath(raw: string): string | undefined {
  const path = decodeURIComponent(raw).replace(/^\/+/, '');
  if (!path || path.length > 300 || path.includes('\\') || path.split('/').some((part) => part === '..' || part === '.')) return undefined;
  return path;
}

export async function readStoredFile(db: Queryable, path: string) {
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.path, path)).limit(1);
  return file;
}

export async function writeStoredFile(db: Queryable, path: string, contentType: string, data: Buffer): Promise<void> {
  await db
    .insert(storedFiles)
    .values({ path, contentType, data })
    .onConflictDoUpdate({ target: storedFiles.path, set: { contentType, data } });
}
