import { and, desc, eq, like, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dashboardSummaryRequestSchema, dashboardSummaryResponseSchema, type AccountType } from '@cmp/contracts/accounts';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { accounts, auditLog } from '../platform/db/schema';
import { callerScopePath } from '../platform/access';
import { defineOperation } from '../platform/operations';
import { toAccountSummary } from './accountSummary';

const AUDIT_READ = requirement('AUDIT_LOG', ['Read']);
const LATEST_AUDIT_ENTRIES = 10;

const getDashboardSummary = defineOperation({
  service: 'IAccountService',
  operation: 'GetDashboardSummary',
  readOnly: true,
  summary: "The landing page's figures: the caller's company, its accounts by type and the latest audit entries.",
  request: dashboardSummaryRequestSchema,
  response: dashboardSummaryResponseSchema,
  async handler(_input, { db, caller }) {
    const company = caller.companyAccount;
    const counts = await db
      .select({ type: accounts.type, count: sql<number>`count(*)::int` })
      .from(accounts)
      .where(and(like(accounts.path, `${company.path}%`), ne(accounts.id, company.id), ne(accounts.state, 'Terminated')))
      .groupBy(accounts.type)
      .orderBy(accounts.type);

    // Without AUDIT_LOG Read a user sees only what they did themselves.
    const scope = isAllowed(caller.capabilities, AUDIT_READ)
      ? like(auditLog.accountPath, `${await callerScopePath(db, caller, AUDIT_READ)}%`)
      : eq(auditLog.actorAccountId, caller.userAccount.id);
    const subject = alias(accounts, 'subject');
    const actor = alias(accounts, 'actor');
    const entries = await db
      .select({
        id: auditLog.id,
        occurredAt: auditLog.occurredAt,
        action: auditLog.action,
        accountId: auditLog.accountId,
        accountName: subject.displayName,
        actorId: auditLog.actorAccountId,
        actorName: actor.displayName,
        impersonatorId: auditLog.impersonatorAccountId,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(subject, eq(subject.id, auditLog.accountId))
      .leftJoin(actor, eq(actor.id, auditLog.actorAccountId))
      .where(scope)
      .orderBy(desc(auditLog.id))
      .limit(LATEST_AUDIT_ENTRIES);

    return {
      CompanyAccount: toAccountSummary(company),
      AccountCounts: counts.map((c) => ({ AccountType: c.type as AccountType, Count: c.count })),
      LatestAuditEntries: entries.map((e) => ({
        Id: e.id,
        OccurredAt: e.occurredAt.toISOString(),
        Action: e.action,
        AccountId: e.accountId,
        AccountDisplayName: e.accountName,
        ActorAccountId: e.actorId,
        ActorDisplayName: e.actorName,
        ImpersonatorAccountId: e.impersonatorId,
        Details: e.details,
      })),
    };
  },
});

export const accountOperations = [getDashboardSummary];
