import type { Queryable } from './db/database';
import { ApiError } from './errors';
import { countRequest, type RequestLimit } from './requestLimits';

/**
 * Operations that cost the machine (a workbook of a whole result, a mail, an archive to unpack, a
 * preview over every service) or send something out get a limit per user and per tenant (the
 * caller's organisation), so neither one person's script nor a whole customer can exhaust a node or
 * flood mailboxes (issue 30 item 11). Over a limit the call answers 429 with Retry-After, before its
 * work runs. The figures are generous for people — the README lists them — and counted in the
 * database, so they hold across nodes. RunBilling has its own limit: one run per account and month at a
 * time (billingRun.ts, 409 naming the running one).
 */
export interface Throttle {
  perUser: { max: number; windowSeconds: number };
  perTenant: { max: number; windowSeconds: number };
  /** Only calls of this kind count (RunReport costs only when it writes a workbook). */
  appliesTo?: (input: unknown) => boolean;
}

const MINUTE = 60;
const exports = { perUser: { max: 30, windowSeconds: 10 * MINUTE }, perTenant: { max: 120, windowSeconds: 10 * MINUTE } };

export const OPERATION_THROTTLES: Readonly<Record<string, Throttle>> = {
  'IInvoiceBillingService/RequestInvoiceGeneration': { perUser: { max: 10, windowSeconds: 60 * MINUTE }, perTenant: { max: 50, windowSeconds: 60 * MINUTE } },
  'IReportingService/RunReport': { ...exports, appliesTo: (input) => (input as { generateExcelFile?: boolean }).generateExcelFile === true },
  'IAccountService/ExportAuditLog': exports,
  'IAccountService/ExportUsers': exports,
  'IAccountService/ExportOnlineBill': exports,
  'IServiceManagementService/ExportServices': exports,
  'IMarketplaceService/ExportPriceableItems': exports,
  'IImportService/UploadImport': { perUser: { max: 20, windowSeconds: 10 * MINUTE }, perTenant: { max: 60, windowSeconds: 10 * MINUTE } },
  'IMarketplaceService/PreviewPropagation': { perUser: { max: 60, windowSeconds: MINUTE }, perTenant: { max: 200, windowSeconds: MINUTE } },
};

/** Counts the call against its operation's limits; over one it answers 429 with Retry-After. */
export async function enforceThrottle(
  db: Queryable,
  operationKey: string,
  input: unknown,
  caller: { userAccount: { id: number }; companyAccount: { id: number } },
  throttles: Readonly<Record<string, Throttle>> = OPERATION_THROTTLES,
): Promise<void> {
  const throttle = throttles[operationKey];
  if (!throttle || (throttle.appliesTo && !throttle.appliesTo(input))) return;
  const checks: [RequestLimit, string][] = [
    [{ scope: `op-user:${operationKey}`, ...throttle.perUser }, String(caller.userAccount.id)],
    [{ scope: `op-tenant:${operationKey}`, ...throttle.perTenant }, String(caller.companyAccount.id)],
  ];
  for (const [limit, subject] of checks) {
    const counted = await countRequest(db, limit, subject);
    if (counted.isOverLimit) throw new ApiError(429, 'too_many_requests', {}, { 'Retry-After': String(counted.retryAfterSeconds) });
  }
}
