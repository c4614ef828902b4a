import { exportAuditLogRequestSchema, getAuditLogRequestSchema, getAuditLogResponseSchema, type AuditLogEntry } from '@cmp/contracts/auditLog';
import { requirement } from '@cmp/contracts/capabilities';
import { fileDownloadSchema } from '@cmp/contracts/users';
import { callerScopePath, requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { ApiError } from '../platform/errors';
import type { Locale } from '@cmp/contracts/locales';
import { catalogueText, workbookDownload, type ExcelColumn } from '../platform/excel';
import { auditActionLabel } from './auditActionLabels';
import { auditDetailsText } from './auditDetailsText';
import { loadFieldLabels, withFieldLabels } from './auditFieldLabels';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import type { AccountRow, CallerSession } from '../platform/session';
import { listAuditEntries, logReaderOf, type LogReader } from './auditLogQueries';

const AUDIT_READ = requirement('AUDIT_LOG', ['Read']);

/** The account whose log is read, inside the caller's hierarchy; a user log is only a User account's. */
async function requireLogAccount(db: Queryable, caller: CallerSession, accountId: number, isUserLog: boolean): Promise<{ account: AccountRow; reader: LogReader }> {
  const account = await requireAccountInHierarchy(db, caller, accountId, AUDIT_READ);
  if (isUserLog && account.type !== 'User') throw new ApiError(400, 'field_invalid_value', { field: 'accountId', value: String(accountId) });
  return { account, reader: logReaderOf(caller, await callerScopePath(db, caller, AUDIT_READ)) };
}

const getAuditLog = defineOperation({
  service: 'IAccountService',
  operation: 'GetAuditLog',
  readOnly: true,
  summary: "One page of an account's audit log (every entry about an account in its subtree) or, with isUserLog, of a user's log (entries made by or about the user); filtered by period, actor and action, with the total.",
  request: getAuditLogRequestSchema,
  response: getAuditLogResponseSchema,
  rule: AUDIT_READ,
  async handler(input, { db, caller, locale }) {
    const { account, reader } = await requireLogAccount(db, caller, input.accountId, input.isUserLog);
    const { entries, total } = await listAuditEntries(db, account, reader, input, { page: input.page, pageSize: input.pageSize });
    return { Entries: withFieldLabels(entries, await loadFieldLabels(db, locale)), Total: total };
  },
});

const auditColumns = (locale: Locale): ExcelColumn<AuditLogEntry>[] => [
  { titleKey: 'export_audit_when', width: 20, value: (e) => new Date(e.OccurredAt) },
  { titleKey: 'export_audit_action', width: 30, value: (e) => auditActionLabel(locale, e.Action) },
  { titleKey: 'export_audit_account', width: 28, value: (e) => e.AccountDisplayName },
  { titleKey: 'export_audit_actor', width: 24, value: (e) => e.ActorDisplayName },
  { titleKey: 'export_audit_impersonator', width: 24, value: (e) => e.ImpersonatorDisplayName },
  { titleKey: 'export_audit_ip', width: 16, value: (e) => e.Ip },
  { titleKey: 'export_audit_details', width: 60, value: (e) => auditDetailsText(locale, e.Details) },
];

const exportAuditLog = defineOperation({
  service: 'IAccountService',
  operation: 'ExportAuditLog',
  summary: 'The entries GetAuditLog lists (same filter and sort, every page) as an Excel workbook: {FileName, ContentType, ContentBase64}. Audited as AuditLogExported.',
  request: exportAuditLogRequestSchema,
  response: fileDownloadSchema,
  rule: AUDIT_READ,
  async handler(input, ctx) {
    const { db, caller, locale } = ctx;
    const { account, reader } = await requireLogAccount(db, caller, input.accountId, input.isUserLog);
    const { entries } = await listAuditEntries(db, account, reader, input);
    const labelled = withFieldLabels(entries, await loadFieldLabels(db, locale));
    const file = await workbookDownload(locale, {
      baseName: `${catalogueText(locale, 'export_audit_file')}-${account.displayName}`,
      sheetTitleKey: 'export_audit_sheet',
      columns: auditColumns(locale),
      rows: labelled,
    });
    await db.transaction(async (tx) => {
      const details = { Count: entries.length, IsUserLog: input.isUserLog, Filter: input.filter };
      await auditAccountChange(tx, ctx, 'AuditLogExported', account, details);
    });
    return file;
  },
});

/** The audit log and user log of an account's subtree, with Excel export. */
export const auditLogOperations: OperationDefinition[] = [getAuditLog, exportAuditLog];
