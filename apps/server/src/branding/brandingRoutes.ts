import { createHash } from 'node:crypto';
import { asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BRANDING_SCRIPT_PREFIX, DEFAULT_BRANDING } from '@cmp/contracts/branding';
import type { Database } from '../platform/db/database';
import { accounts, branding } from '../platform/db/schema';
import { normalizeFilePath, readStoredFile } from '../platform/files';

/** The platform owner's branding merged over the defaults of spec §3. */
export async function loadPlatformBranding(db: Database) {
  const [owner] = await db.select({ id: accounts.id }).from(accounts).where(isNull(accounts.parentId)).orderBy(asc(accounts.id)).limit(1);
  if (!owner) return DEFAULT_BRANDING;
  const [row] = await db.select().from(branding).where(eq(branding.ownerAccountId, owner.id)).limit(1);
  return { ...DEFAULT_BRANDING, ...(row?.config ?? {}) };
}

export function registerBrandingRoutes(app: FastifyInstance, db: Database): void {
  // spec §7: a script assigning the branding object; the portal strips the prefix and parses the rest.
  // Asked again on every page load (a change of branding shows at once), so an ETag lets an
  // unchanged one answer 304 without a body (issue 12: a warm reload transfers little).
  app.get('/branding/latest/config.gen.js', async (request, reply) => {
    const config = await loadPlatformBranding(db);
    const script = `${BRANDING_SCRIPT_PREFIX}${JSON.stringify(config)};`;
    const etag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/javascript; charset=utf-8').send(script);
  });

  app.get<{ Params: { '*': string } }>('/branding/latest/*', async (request, reply) => {
    const path = normalizeFilePath(request.params['*']);
    const file = path ? await readStoredFile(db, `branding/${path}`) : undefined;
    if (!file) return reply.callNotFound();
    return reply.type(file.contentType).header('cache-control', 'public, max-age=300').send(file.data);
  });
}
