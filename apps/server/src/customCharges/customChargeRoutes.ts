import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { Database } from '../platform/db/database';
import { customChargeAttachments } from '../platform/db/schema';
import type { ServerConfig } from '../platform/config';
import { accessDenied } from '../platform/errors';
import { downloadCaller } from '../platform/downloadCaller';
import type { SessionCache } from '../platform/sessionCache';
import { downloadFileName } from './attachmentChecks';
import { customChargesRule, requireCustomCharge } from './customChargeAccess';

/**
 * `GET /custom-charges/{customChargeId}/attachment` (spec §7 "Download file: GET of a given URL as a
 * blob"): the attachment of a charge the caller may read — signed in, BILLING_CUSTOM_CHARGES Read,
 * the charge's account in the caller's hierarchy, the same guards as an operation; a foreign or a
 * missing charge, or one without an attachment, answer the same 403. The file goes out under a safe
 * name (spec §5) as an attachment, never rendered in the portal's origin.
 */
export function registerCustomChargeRoutes(app: FastifyInstance, db: Database, config: ServerConfig, sessionCache: SessionCache): void {
  // The path customChargeAttachmentPath (contracts) builds.
  app.get<{ Params: { customChargeId: string } }>('/custom-charges/:customChargeId/attachment', async (request, reply) => {
    const caller = await downloadCaller(db, config, request, sessionCache);
    if (!isAllowed(caller.capabilities, customChargesRule('Read'))) throw accessDenied();
    const customChargeId = Number(request.params.customChargeId);
    if (!/^\d{1,9}$/.test(request.params.customChargeId) || customChargeId < 1) throw accessDenied();

    const { charge } = await requireCustomCharge(db, caller, customChargeId, 'Read');
    const [file] = await db.select().from(customChargeAttachments).where(eq(customChargeAttachments.customChargeId, charge.id)).limit(1);
    if (!file) throw accessDenied();
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${downloadFileName(file.fileName)}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}
