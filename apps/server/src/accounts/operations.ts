import { and, like, ne, sql } from 'drizzle-orm';
import { dashboardSummaryRequestSchema, dashboardSummaryResponseSchema, type AccountType } from '@cmp/contracts/accounts';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { accounts } from '../platform/db/schema';
import { latestAuditEntries, logReaderOf } from '../auditLog/auditLogQueries';
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

    // With AUDIT_LOG Read the log of the caller's scope (entries about accounts now under it, as the
    // audit log screen shows), otherwise the caller's own user log.
    const latest = isAllowed(caller.capabilities, AUDIT_READ)
      ? await latestAuditEntries(db, { id: company.id, path: await callerScopePath(db, caller, AUDIT_READ) }, logReaderOf(caller, company.path), false, LATEST_AUDIT_ENTRIES)
      : await latestAuditEntries(db, caller.userAccount, logReaderOf(caller, company.path), true, LATEST_AUDIT_ENTRIES);

    return {
      CompanyAccount: toAccountSummary(company),
      AccountCounts: counts.map((c) => ({ AccountType: c.type as AccountType, Count: c.count })),
      // The IP address stays on the audit log screen.
      LatestAuditEntries: latest.map(({ Ip: _ip, ...entry }) => entry),
    };
  },
});

export const accountOperations = [getDashboardSummary];
