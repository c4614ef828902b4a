import type { AuditAction } from '@cmp/contracts/audit';
import { sql, type SQL } from 'drizzle-orm';
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
  await db.insert(auditLog).values(auditRow(caller, input, meta));
}

/** Writes many entries of one caller in one statement (an import's accounts). */
export async function writeAudits(db: Queryable, caller: CallerSession | null, inputs: AuditInput[]): Promise<void> {
  if (inputs.length) await db.insert(auditLog).values(inputs.map((input) => auditRow(caller, input, {})));
}

function auditRow(caller: CallerSession | null, input: AuditInput, meta: { ip?: string; requestId?: string }) {
  return {
    action: input.action,
    actorAccountId: input.actorAccountId ?? caller?.userAccount.id ?? null,
    impersonatorAccountId: caller?.impersonatorAccountId ?? null,
    accountId: input.accountId ?? null,
    accountPath: input.accountPath ?? null,
    details: input.details ?? {},
    ip: meta.ip ?? null,
    requestId: meta.requestId ?? null,
  };
}

/** Where an audited request came from: the client address and Fastify's request id. */
export const requestMeta = (request: { ip: string; id: string }) => ({ ip: request.ip, requestId: request.id });

/**
 * The audit entry of a change the signed-in caller made to one account, written in the change's
 * transaction: what nearly every mutating operation records.
 */
export function auditAccountChange(
  db: Queryable,
  ctx: { caller: CallerSession | null; request: { ip: string; id: string } },
  action: AuditAction,
  account: { id: number; path: string },
  details?: Record<string, unknown>,
): Promise<void> {
  return writeAudit(db, ctx.caller, { action, accountId: account.id, accountPath: account.path, details }, requestMeta(ctx.request));
}

/** auditAccountChange's entry but its details, for auditAccountChangeSql. */
export function auditAccountChangeEntry(ctx: { caller: CallerSession | null; request: { ip: string; id: string } }, action: AuditAction, account: { id: number; path: string }) {
  const { details: _details, ...entry } = auditRow(ctx.caller, { action, accountId: account.id, accountPath: account.path }, requestMeta(ctx.request));
  return entry;
}

/**
 * auditAccountChange's entry as an INSERT … SELECT whose details are a jsonb expression over `from`:
 * for a statement that writes a change and its audit together, the details naming what the statement
 * itself wrote (PlaceOrder's order, issue 14). The entry's values may be placeholders (statementOnce.ts).
 */
export function auditAccountChangeSql(entry: { [K in keyof ReturnType<typeof auditAccountChangeEntry>]: unknown }, details: SQL, from: SQL): SQL {
  return sql`insert into ${auditLog} (action, actor_account_id, impersonator_account_id, account_id, account_path, details, ip, request_id)
    select ${entry.action}::text, ${entry.actorAccountId}::int, ${entry.impersonatorAccountId}::int, ${entry.accountId}::int, ${entry.accountPath}::text, ${details}, ${entry.ip}::text, ${entry.requestId}::text from ${from}`;
}
