import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';
import { accountTerminations } from '../../platform/db/schema';
import { writeAudit } from '../../platform/audit';
import { findCompanyAccount, type AccountRow, type CallerSession } from '../../platform/session';
import { insertSubscriptionRequest } from '../../subscriptions/subscriptionRequests';

const rowsOf = async <T>(db: Queryable, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const subtreeOf = (account: Pick<AccountRow, 'path'>) => `${account.path}%`;

export interface SubscriptionFact {
  accountId: number;
  displayName: string;
  productName: string;
  isPrepaid: boolean;
  autoRenew: 'Renew' | 'Terminate';
  lockPeriodEndDate: Date | null;
}

/** What a termination of this account would touch: its live subtree and the subscriptions in it. */
export interface SubtreeFacts {
  subtreeSize: number;
  /** spec §4: their auto-renew goes from Renew to Terminate, which the user acknowledges. */
  prepaid: SubscriptionFact[];
  /** spec §4: locked beyond the termination date, so they refuse it. */
  locked: SubscriptionFact[];
}

export async function subtreeFacts(db: Queryable, account: AccountRow, terminateAt: Date): Promise<SubtreeFacts> {
  const [size] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from accounts where path like ${subtreeOf(account)} and state <> 'Terminated'`);
  const subscriptions = await rowsOf<{ account_id: number; display_name: string; product_name: string; is_prepaid: boolean; auto_renew: string; lock_period_end_date: Date | string | null }>(
    db,
    sql`select s.account_id, a.display_name, s.product_name, s.is_prepaid, s.auto_renew, s.lock_period_end_date
          from subscriptions s join accounts a on a.id = s.account_id
         where a.path like ${subtreeOf(account)} and a.state <> 'Terminated'
           and (s.is_prepaid or s.lock_period_end_date > ${terminateAt.toISOString()}::timestamptz)
         order by lower(a.display_name), a.id`,
  );
  const facts: SubscriptionFact[] = subscriptions.map((s) => ({
    accountId: s.account_id,
    displayName: s.display_name,
    productName: s.product_name,
    isPrepaid: s.is_prepaid,
    autoRenew: s.auto_renew === 'Terminate' ? 'Terminate' : 'Renew',
    lockPeriodEndDate: s.lock_period_end_date === null ? null : new Date(s.lock_period_end_date),
  }));
  return {
    subtreeSize: size?.count ?? 0,
    prepaid: facts.filter((s) => s.isPrepaid),
    locked: facts.filter((s) => s.lockPeriodEndDate !== null && s.lockPeriodEndDate > terminateAt),
  };
}

export async function findScheduledTermination(db: Queryable, accountId: number) {
  const [row] = await db
    .select()
    .from(accountTerminations)
    .where(and(eq(accountTerminations.accountId, accountId), eq(accountTerminations.status, 'Scheduled')))
    .limit(1);
  return row;
}

export type TerminationRow = typeof accountTerminations.$inferSelect;

export interface ExecutedTermination {
  terminatedCount: number;
  /** The Terminate requests of the subscriptions that ended: their jobs are sent after the commit. */
  provisioningRequestIds: number[];
}

interface AuditContext {
  /** The signed-in caller, or null when the job executes a scheduled termination. */
  caller: CallerSession | null;
  meta?: { ip?: string; requestId?: string };
}

/**
 * Executes a termination (spec §4 "Termination"; irreversible): the account and its whole subtree
 * become Terminated (read-only from now on), prepaid subscriptions in it stop renewing, the
 * termination and any still scheduled below it are Done; live subscriptions in it end and each
 * sends the vendor a Terminate request. Runs inside the caller's transaction.
 */
export async function executeTermination(tx: Queryable, termination: TerminationRow, account: AccountRow, { caller, meta }: AuditContext): Promise<ExecutedTermination> {
  // The caller did it; a job acts for whoever asked for the scheduled termination.
  const actorAccountId = caller ? undefined : termination.requestedByAccountId;
  const [terminated] = await rowsOf<{ count: number }>(
    tx,
    sql`with terminated as (
          update accounts set state = 'Terminated', terminated_at = now(), updated_at = now()
           where path like ${subtreeOf(account)} and state <> 'Terminated'
          returning 1
        )
        select count(*)::int as count from terminated`,
  );
  // Their subscriptions end with them: the portal's record at once (nothing more is billed), the
  // vendor's through a Terminate request each (sent after the commit, or by the sweeper).
  const ending = await rowsOf<{ account_id: number; product_name: string; quantity: number; path: string }>(
    tx,
    sql`update subscriptions s set status = 'Terminated'
          from accounts a
         where a.id = s.account_id and a.path like ${subtreeOf(account)} and s.status in ('Active', 'Suspended')
        returning s.account_id, s.product_name, s.quantity, a.path`,
  );
  const provisioningRequestIds: number[] = [];
  for (const subscription of ending) {
    const company = await findCompanyAccount(tx, subscription);
    provisioningRequestIds.push(
      await insertSubscriptionRequest(tx, {
        subscriptionAccountId: subscription.account_id,
        companyAccountId: company?.id ?? subscription.account_id,
        productName: subscription.product_name,
        action: 'Terminate',
        quantity: subscription.quantity,
        createdByAccountId: caller?.userAccount.id ?? termination.requestedByAccountId,
        now: new Date(),
      }),
    );
  }
  const renewing = await rowsOf<{ account_id: number; path: string }>(
    tx,
    sql`update subscriptions s set auto_renew = 'Terminate'
          from accounts a
         where a.id = s.account_id and a.path like ${subtreeOf(account)} and s.is_prepaid and s.auto_renew = 'Renew'
        returning s.account_id, a.path`,
  );
  for (const subscription of renewing) {
    await writeAudit(
      tx,
      caller,
      { action: 'SubscriptionAutoRenewChanged', actorAccountId, accountId: subscription.account_id, accountPath: subscription.path, details: { Before: 'Renew', After: 'Terminate' } },
      meta,
    );
  }
  await tx
    .update(accountTerminations)
    .set({ status: 'Done', executedAt: new Date() })
    .where(
      and(
        eq(accountTerminations.status, 'Scheduled'),
        inArray(accountTerminations.accountId, sql`(select id from accounts where path like ${subtreeOf(account)})`),
      ),
    );
  await tx.update(accountTerminations).set({ status: 'Done', executedAt: new Date() }).where(eq(accountTerminations.id, termination.id));
  await writeAudit(
    tx,
    caller,
    {
      action: 'AccountTerminated',
      actorAccountId,
      accountId: account.id,
      accountPath: account.path,
      details: { TerminateAt: termination.terminateAt.toISOString(), Reason: termination.reason, TerminatedAccountCount: terminated?.count ?? 0 },
    },
    meta,
  );
  return { terminatedCount: terminated?.count ?? 0, provisioningRequestIds };
}
