import type { FastifyInstance } from 'fastify';
import type { Database } from '../platform/db/database';
import { normalizeFilePath, readStoredFile } from '../platform/files';

const MAX_DIMENSION = 2048;
const CACHE_ENTRIES = 500;

/**
 * spec §7 images: `GET /keeper/get/{path}` and `GET /keeper/getimage/{path}/{width}/{height}`.
 * Resized renditions are kept in a small per-node LRU: they are derived data, so nodes need not share them.
 */
export function registerKeeperRoutes(app: FastifyInstance, db: Database): void {
  const renditions = new Map<string, Buffer>();

  app.get<{ Params: { '*': string } }>('/keeper/get/*', async (request, reply) => {
    const path = normalizeFilePath(request.params['*']);
    const file = path ? await readStoredFile(db, path) : undefined;
    if (!file) return reply.callNotFound();
    return reply.type(file.contentType).header('cache-control', 'public, max-age=86400').send(file.data);
  });

  app.get<{ Params: { '*': string } }>('/keeper/getimage/*', async (request, reply) => {
    const segments = request.params['*'].split('/');
    const height = Number(segments.pop());
    const width = Number(segments.pop());
    const path = normalizeFilePath(segments.join('/'));
    const isSizeValid = [width, height].every((n) => Number.isInteger(n) && n > 0 && n <= MAX_DIMENSION);
    if (!path || !isSizeValid) return reply.callNotFound();

    const key = `${path}|${width}|${height}`;
    let image = renditions.get(key);
    if (image) {
      renditions.delete(key);
    } else {
      const file = await readStoredFile(db, path);
      if (!file || !file.contentType.startsWith('image/')) return reply.callNotFound();
      // Loaded on the first rendition, not at start-up (issue 12).
      const { default: sharp } = await import('sharp');
      image = await sharp(file.data).resize(width, height, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
      if (renditions.size >= CACHE_ENTRIES) renditions.delete(renditions.keys().next().value!);
    }
    renditions.set(key, image);
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(image);
  });
}
