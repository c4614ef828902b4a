import { and, eq, lte, sql } from 'drizzle-orm';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { TerminationStatus } from '@cmp/contracts/accountLifecycle';
import type { Database, Queryable } from '../../platform/db/database';
import { accountTerminations } from '../../platform/db/schema';
import { requestMeta, writeAudit } from '../../platform/audit';
import { ApiError, accessDenied } from '../../platform/errors';
import type { SignedInContext } from '../../platform/operations';
import { loadAccount, type AccountRow, type CallerSession } from '../../platform/session';
import { accountRequirement, assertAccountWritable, requireAccountFor } from '../accountAccess';
import { sendProvisioning } from '../../provisioning/queue';
import { executeTermination, findScheduledTermination, subtreeFacts } from './terminationStore';

/** The pg-boss queue that executes one scheduled termination at its date. */
export const TERMINATION_JOB = 'account-termination';

/** spec §5: terminating is "disabled without read or delete permission" on the account's type. */
export const mayTerminate = (caller: CallerSession, type: string) =>
  isAllowed(caller.capabilities, accountRequirement(type, 'Read')) && isAllowed(caller.capabilities, accountRequirement(type, 'Delete'));

/** An account the caller may terminate: in the hierarchy, with Read and Delete (else the usual 403). */
export async function requireTerminableAccount(db: Queryable, caller: CallerSession, accountId: number): Promise<AccountRow> {
  const account = await requireAccountFor(db, caller, accountId, 'Delete');
  if (!mayTerminate(caller, account.type)) throw accessDenied();
  return account;
}

export interface TerminationRequest {
  accountIds: number[];
  /** null terminates now. */
  terminateAt: Date | null;
  reason: string;
  sendToSdp: boolean;
  requestedByAccountId: number;
  /** The portal's user acknowledges the auto-renew change (spec §5); integrations are not asked. */
  autoRenewAcknowledgement: boolean | 'not-asked';
}

export interface TerminationOutcome {
  terminationId: number;
  account: AccountRow;
  status: TerminationStatus;
  terminateAt: Date;
  /** The vendor Terminate requests of the subscriptions it ended (an immediate termination). */
  provisioningRequestIds: number[];
}

const formatDate = (locale: string, date: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);

/**
 * Terminates or schedules the termination of several accounts in one transaction: every account is
 * checked first (access, not terminated, not the caller's own branch, no lock beyond the date, not
 * scheduled twice), so one refusal leaves nothing written. Scheduled ones get their job after commit.
 */
export async function terminateAccounts(ctx: SignedInContext, request: TerminationRequest): Promise<TerminationOutcome[]> {
  const { caller } = ctx;
  const now = new Date();
  if (request.terminateAt && request.terminateAt <= now) throw new ApiError(400, 'termination_date_in_past');
  const effectiveAt = request.terminateAt ?? now;
  const meta = requestMeta(ctx.request);

  const outcomes = await ctx.db.transaction(async (tx) => {
    const targets: { account: AccountRow; hasPrepaid: boolean }[] = [];
    for (const accountId of new Set(request.accountIds)) {
      const account = await requireTerminableAccount(tx, caller, accountId);
      assertAccountWritable(account);
      if (caller.userAccount.path.startsWith(account.path)) throw new ApiError(400, 'termination_includes_caller', { name: account.displayName });
      const scheduled = await findScheduledTermination(tx, account.id);
      if (request.terminateAt && scheduled) {
        throw new ApiError(409, 'termination_already_scheduled', { name: account.displayName, date: formatDate(ctx.locale, scheduled.terminateAt) });
      }
      const facts = await subtreeFacts(tx, account, effectiveAt);
      const [locked] = facts.locked;
      if (locked?.lockPeriodEndDate) throw new ApiError(409, 'termination_locked', { name: locked.displayName, date: formatDate(ctx.locale, locked.lockPeriodEndDate) });
      targets.push({ account, hasPrepaid: facts.prepaid.length > 0 });
    }
    if (request.autoRenewAcknowledgement === false && targets.some((t) => t.hasPrepaid)) {
      throw new ApiError(400, 'termination_auto_renew_acknowledgement_required');
    }

    // Ancestors first: terminating a parent now already covers the accounts below it.
    targets.sort((a, b) => a.account.path.length - b.account.path.length);
    const done: TerminationOutcome[] = [];
    for (const { account } of targets) {
      const status: TerminationStatus = request.terminateAt ? 'Scheduled' : 'Done';
      const [termination] = await tx
        .insert(accountTerminations)
        .values({
          accountId: account.id,
          status,
          terminateAt: effectiveAt,
          reason: request.reason,
          sendToSdp: request.sendToSdp,
          requestedByAccountId: request.requestedByAccountId,
          executedAt: status === 'Done' ? now : null,
        })
        .returning();
      if (status === 'Scheduled') {
        await writeAudit(
          tx,
          caller,
          { action: 'TerminationScheduled', accountId: account.id, accountPath: account.path, details: { TerminateAt: effectiveAt.toISOString(), Reason: request.reason } },
          meta,
        );
      }
      let provisioningRequestIds: number[] = [];
      if (status === 'Done' && (await loadAccount(tx, account.id))?.state !== 'Terminated') {
        ({ provisioningRequestIds } = await executeTermination(tx, termination!, account, { caller, meta }));
      }
      done.push({ terminationId: termination!.id, account, status, terminateAt: effectiveAt, provisioningRequestIds });
    }
    return done;
  });

  await sendProvisioning(ctx.request.server.jobs, outcomes.flatMap((o) => o.provisioningRequestIds));
  for (const outcome of outcomes.filter((o) => o.status === 'Scheduled')) {
    // After commit, so the job never sees an uncommitted row; the sweeper catches a lost send.
    await ctx.request.server.jobs
      .send(TERMINATION_JOB, { terminationId: outcome.terminationId }, { startAfter: outcome.terminateAt, singletonKey: String(outcome.terminationId) })
      .catch((error: unknown) => ctx.request.log.error({ err: error }, 'scheduling the termination job failed; the sweeper will run it'));
  }
  return outcomes;
}

/**
 * The job's work (idempotent): executes a termination that is still scheduled and due; a
 * cancelled, already executed or not yet due one is left alone. Answers whether it ran.
 */
export async function runScheduledTermination(db: Database, terminationId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [termination] = await tx
      .select()
      .from(accountTerminations)
      .where(and(eq(accountTerminations.id, terminationId), eq(accountTerminations.status, 'Scheduled'), lte(accountTerminations.terminateAt, sql`now()`)))
      .for('update');
    if (!termination) return false;
    const account = await loadAccount(tx, termination.accountId);
    if (!account) return false;
    await executeTermination(tx, termination, account, { caller: null });
    return true;
  });
}

/** Scheduled terminations whose date has passed: what the sweeper runs when a job was lost. */
export async function dueTerminationIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: accountTerminations.id })
    .from(accountTerminations)
    .where(and(eq(accountTerminations.status, 'Scheduled'), lte(accountTerminations.terminateAt, sql`now()`)))
    .orderBy(accountTerminations.terminateAt)
    .limit(100);
  return rows.map((r) => r.id);
}
