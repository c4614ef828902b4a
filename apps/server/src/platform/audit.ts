import type { AuditAction } from '@cmp/contracts/audit';
import type { Queryable } from './db/database';
import { auditLog } from './db/schema';
import type { CallerSession } from './session';

export interface AuditInput {
  action: AuditAction;
  accountId?: number | null;
  accountPath?: string | null;
  details?: Record<string, unknown>;
  /** For events without a session (failed sign-in): who it was about. */
  actorAccountId?: number | null;
}

/** Writes one audit entry; callers pass their transaction so the entry commits with the change. */
export async function writeAudit(
  db: Queryable,
  caller: CallerSession | null,
  input: AuditInput,
  meta: { ip?: string; requestId?: string } = {},
): Promise<void> {
  await db.insert(auditLog).values({
    action: input.action,
    actorAccountId: input.actorAccountId ?? caller?.userAccount.id ?? null,
    impersonatorAccountId: caller?.impersonatorAccountId ?? null,
    accountId: input.accountId ?? null,
    accountPath: input.accountPath ?? null,
    details: input.details ?? {},
    ip: meta.ip ?? null,
    requestId: meta.requestId ?? null,
  });
}

/** Where an audited request came from: the client address and Fastify's request id. */
export const requestMeta = (request: { ip: string; id: string }) => ({ ip: request.ip, requestId: request.id });
