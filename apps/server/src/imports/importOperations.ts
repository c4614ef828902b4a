import { and, asc, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  IMPORT_ACCOUNTS_RULE,
  IMPORT_JSON_BODY_LIMIT_BYTES,
  MAX_IMPORT_FILE_BYTES,
  MY_IMPORTS_READ,
  cancelImportRequestSchema,
  getImportErrorsRequestSchema,
  getImportErrorsResponseSchema,
  getImportTemplateRequestSchema,
  getImportsRequestSchema,
  getImportsResponseSchema,
  importFormatOf,
  importSchema,
  importWithErrorsSchema,
  scheduleImportRequestSchema,
  uploadImportFileQuerySchema,
  uploadImportRequestSchema,
  validateImportRequestSchema,
  type AccountImport,
  type UploadImportFileQuery,
  type ImportStatus,
} from '@cmp/contracts/imports';
import { fileDownloadSchema } from '@cmp/contracts/users';
import { callerScopePath, requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { escapeLike } from '../platform/db/likePattern';
import { accountImportErrors, accountImports, accounts } from '../platform/db/schema';
import { ApiError, accessDenied } from '../platform/errors';
import { defineOperation, type SignedInContext } from '../platform/operations';
import type { AccountRow } from '../platform/session';
import { storeImportFile } from './importFile';
import { heldFile, importFileTooLarge, spooledFile } from './importUpload';
import { assertSafeArchive } from './importArchive';
import { withImportReadSlot } from './importReadSlots';
import { IMPORT_JOB, checkImport } from './importRunner';
import { importTemplate } from './importTemplate';

// IImportService (issue 17 "Account imports"; spec §2 /provisioning/my-imports, §7 importId,
// importAccountId, file, inputDto). Reading needs My Imports Read; changing needs it and Create on an
// account type a file may hold; every import lies under an account in the caller's hierarchy.

const IMPORT_CHANGE_RULE = { all: [MY_IMPORTS_READ, IMPORT_ACCOUNTS_RULE] };
/** Errors answered with an import (the report pages through the rest). */
const ERRORS_SHOWN = 100;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const parentAccounts = alias(accounts, 'import_parent');
const creatorAccounts = alias(accounts, 'import_creator');
const importColumns = { record: accountImports, parentName: parentAccounts.displayName, creator: creatorAccounts.displayName };

type ImportRecord = typeof accountImports.$inferSelect;
const toImport = (record: ImportRecord, parentName: string, creator: string): AccountImport => ({
  ImportId: record.id,
  Name: record.name,
  Type: record.format as AccountImport['Type'],
  Status: record.status as ImportStatus,
  ScheduleDate: record.scheduleDate?.toISOString() ?? null,
  ParentAccountId: record.parentAccountId,
  ParentDisplayName: parentName,
  CreatorAccountId: record.creatorAccountId,
  Creator: creator,
  CreatedAt: record.createdAt.toISOString(),
  RowCount: record.rowCount,
  GroupCount: record.groupCount,
  GroupsDone: record.groupsDone,
  ErrorCount: record.errorCount,
  ImportedAccountsCount: record.importedCount,
  FinishedAt: record.finishedAt?.toISOString() ?? null,
});

async function loadImportView(db: Queryable, importId: number): Promise<AccountImport> {
  const [row] = await db
    .select(importColumns)
    .from(accountImports)
    .innerJoin(parentAccounts, eq(parentAccounts.id, accountImports.parentAccountId))
    .innerJoin(creatorAccounts, eq(creatorAccounts.id, accountImports.creatorAccountId))
    .where(eq(accountImports.id, importId));
  if (!row) throw accessDenied();
  return toImport(row.record, row.parentName, row.creator);
}

/** The import and its parent, when the parent lies in the caller's hierarchy; 403 alike for missing and foreign. */
async function requireImport(ctx: SignedInContext, importId: number): Promise<{ record: ImportRecord; parent: AccountRow }> {
  const [record] = await ctx.db.select().from(accountImports).where(eq(accountImports.id, importId));
  if (!record) throw accessDenied();
  const parent = await requireAccountInHierarchy(ctx.db, ctx.caller, record.parentAccountId, MY_IMPORTS_READ);
  return { record, parent };
}

async function firstErrors(db: Queryable, importId: number) {
  const rows = await db.select().from(accountImportErrors).where(eq(accountImportErrors.importId, importId)).orderBy(asc(accountImportErrors.row), asc(accountImportErrors.id)).limit(ERRORS_SHOWN);
  return rows.map((e) => ({ Row: e.row, Column: e.column, Message: e.message }));
}

const SORT_COLUMNS = {
  Name: accountImports.name,
  Type: accountImports.format,
  Status: accountImports.status,
  ScheduleDate: accountImports.scheduleDate,
  Creator: creatorAccounts.displayName,
  ErrorCount: accountImports.errorCount,
  ImportedAccountsCount: accountImports.importedCount,
  CreatedAt: accountImports.createdAt,
};

const getImports = defineOperation({
  service: 'IImportService',
  operation: 'GetImports',
  readOnly: true,
  summary: 'The imports under an account in the caller’s hierarchy (accountId, by default the caller’s organisation) and below it: name, type, schedule date, status, creator, error count, imported accounts count, progress. Filter by status and a name search; sort; page.',
  request: getImportsRequestSchema,
  response: getImportsResponseSchema,
  rule: MY_IMPORTS_READ,
  async handler(input, { db, caller }) {
    const root = input.accountId ? await requireAccountInHierarchy(db, caller, input.accountId, MY_IMPORTS_READ) : undefined;
    const scope = root?.path ?? (await callerScopePath(db, caller, MY_IMPORTS_READ));
    const conditions: SQL[] = [like(parentAccounts.path, `${escapeLike(scope)}%`)];
    if (input.status) conditions.push(eq(accountImports.status, input.status));
    if (input.search) conditions.push(sql`${accountImports.name} ilike ${`%${escapeLike(input.search)}%`}`);
    const where = and(...conditions);
    const pageSize = input.pageSize ?? 25;
    const sortColumn = SORT_COLUMNS[input.sortBy ?? 'CreatedAt'];
    const [rows, [total]] = await Promise.all([
      db
        .select(importColumns)
        .from(accountImports)
        .innerJoin(parentAccounts, eq(parentAccounts.id, accountImports.parentAccountId))
        .innerJoin(creatorAccounts, eq(creatorAccounts.id, accountImports.creatorAccountId))
        .where(where)
        .orderBy((input.sortDescending ?? !input.sortBy) ? desc(sortColumn) : asc(sortColumn), desc(accountImports.id))
        .limit(pageSize)
        .offset((input.page ?? 0) * pageSize),
      db.select({ n: count() }).from(accountImports).innerJoin(parentAccounts, eq(parentAccounts.id, accountImports.parentAccountId)).innerJoin(creatorAccounts, eq(creatorAccounts.id, accountImports.creatorAccountId)).where(where),
    ]);
    return { Imports: rows.map((r) => toImport(r.record, r.parentName, r.creator)), Total: Number(total?.n ?? 0) };
  },
});

const uploadImport = defineOperation({
  service: 'IImportService',
  operation: 'UploadImport',
  summary: `Uploads a CSV or Excel (.xlsx) file of companies, departments and users, at most ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB (a larger one answers 413), to import under an account of the caller’s hierarchy (parentAccountId, by default the caller’s organisation), and checks it row by row at once, writing nothing: answers the Pending, not yet scheduled import with its first row errors. The file comes either in the JSON body (file: {FileName, ContentBase64}; this operation’s JSON body may be up to ${Math.ceil(IMPORT_JSON_BODY_LIMIT_BYTES / 1024 / 1024)} MB) or, better, as the body itself (Content-Type: application/octet-stream) with FileName, parentAccountId and name in the query string. An .xlsx that would unpack beyond the server’s limit is refused (400) before it is unpacked; when too many files are being read on the server at once, 503 asks to try again. GetImportTemplate gives the columns.`,
  request: uploadImportRequestSchema,
  response: importWithErrorsSchema,
  rule: IMPORT_CHANGE_RULE,
  fileBody: { query: uploadImportFileQuerySchema },
  jsonBodyLimit: { bytes: IMPORT_JSON_BODY_LIMIT_BYTES, tooLargeKey: 'import_file_too_large', tooLargeParams: { max: String(MAX_IMPORT_FILE_BYTES / 1024 / 1024) } },
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const fields: UploadImportFileQuery = ctx.upload
      ? (ctx.upload.fields as UploadImportFileQuery)
      : { FileName: input.file.FileName, parentAccountId: input.parentAccountId, name: input.name };
    const parent = await requireAccountInHierarchy(db, caller, fields.parentAccountId ?? caller.companyAccount.id, MY_IMPORTS_READ);
    // A body that says it is too large is refused before a byte of it is read.
    if (ctx.upload && Number(ctx.request.headers['content-length'] ?? 0) > MAX_IMPORT_FILE_BYTES) throw importFileTooLarge();
    const received = ctx.upload ? await spooledFile(ctx.upload.body) : heldFile(Buffer.from(input.file.ContentBase64, 'base64'));
    let record: typeof accountImports.$inferSelect;
    try {
      const format = importFormatOf(fields.FileName)!;
      if (received.bytes > MAX_IMPORT_FILE_BYTES) throw importFileTooLarge();
      if (received.bytes === 0) throw new ApiError(400, 'import_file_unreadable');
      // The content must be what the extension says (DESIGN.md uploads): an .xlsx is a ZIP, a CSV is text.
      const isZip = ZIP_MAGIC.every((byte, index) => received.head[index] === byte);
      if ((format === 'Excel') !== isZip || (format === 'CSV' && received.head.includes(0))) throw new ApiError(400, 'import_file_unreadable');
      const name = fields.name ?? fields.FileName.replace(/\.[^.]+$/, '').slice(0, 100);
      record = await withImportReadSlot(ctx.config.imports, 'request', async () => {
        // Issue 30 item 9: judged before anything is stored or inflated by exceljs.
        if (format === 'Excel') await assertSafeArchive(received.archive, received.bytes, ctx.config.imports);
        const stored = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(accountImports)
            .values({ name, format, parentAccountId: parent.id, creatorAccountId: caller.userAccount.id, locale: ctx.locale, fileBytes: received.bytes })
            .returning();
          await storeImportFile(tx, row!.id, received.chunks());
          await auditAccountChange(tx, ctx, 'AccountsImportUploaded', parent, { ImportId: row!.id, Name: name, FileName: fields.FileName, Bytes: received.bytes });
          return row!;
        });
        received.dispose();
        await checkImport(db, stored, caller, parent);
        return stored;
      });
    } finally {
      received.dispose();
    }
    return { Import: await loadImportView(db, record.id), Errors: await firstErrors(db, record.id) };
  },
});

const validateImport = defineOperation({
  service: 'IImportService',
  operation: 'ValidateImport',
  summary: 'Checks a Pending import’s file again row by row against today’s accounts and rules (importId), writing nothing but its row-level error report; answers the import with its first errors.',
  request: validateImportRequestSchema,
  response: importWithErrorsSchema,
  rule: IMPORT_CHANGE_RULE,
  async handler(input, ctx) {
    const { record, parent } = await requireImport(ctx, input.importId);
    if (record.status !== 'Pending') throw new ApiError(409, 'import_not_pending');
    await withImportReadSlot(ctx.config.imports, 'request', () => checkImport(ctx.db, record, ctx.caller, parent));
    return { Import: await loadImportView(ctx.db, record.id), Errors: await firstErrors(ctx.db, record.id) };
  },
});

const scheduleImport = defineOperation({
  service: 'IImportService',
  operation: 'ScheduleImport',
  summary: 'Schedules a Pending import (importId) for now or a date (inputDto.scheduleDate); a job imports it one row group (a company with its departments and users) per transaction. An import whose check found errors is refused unless inputDto.skipInvalidGroups, which imports the groups without errors and reports the others.',
  request: scheduleImportRequestSchema,
  response: importSchema,
  rule: IMPORT_CHANGE_RULE,
  async handler(input, ctx) {
    const { record, parent } = await requireImport(ctx, input.importId);
    if (record.errorCount > 0 && !input.inputDto.skipInvalidGroups) throw new ApiError(400, 'import_has_errors', { count: String(record.errorCount) });
    const requested = input.inputDto.scheduleDate ? new Date(input.inputDto.scheduleDate) : new Date();
    const scheduleDate = requested.getTime() < Date.now() ? new Date() : requested;
    await ctx.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(accountImports)
        .set({ scheduleDate, skipInvalidGroups: input.inputDto.skipInvalidGroups ?? false })
        .where(and(eq(accountImports.id, record.id), eq(accountImports.status, 'Pending')))
        .returning();
      if (!changed) throw new ApiError(409, 'import_not_pending');
      await auditAccountChange(tx, ctx, 'AccountsImportScheduled', parent, { ImportId: record.id, Name: record.name, ScheduleDate: scheduleDate.toISOString() });
    });
    await ctx.request.server.jobs.send(IMPORT_JOB, { importId: record.id }, { startAfter: scheduleDate, singletonKey: `import-${record.id}-${scheduleDate.getTime()}` });
    return loadImportView(ctx.db, record.id);
  },
});

const cancelImport = defineOperation({
  service: 'IImportService',
  operation: 'CancelImport',
  summary: 'Cancels a Pending import (importId) before its job starts; one already In progress or finished answers 409.',
  request: cancelImportRequestSchema,
  response: importSchema,
  rule: IMPORT_CHANGE_RULE,
  async handler(input, ctx) {
    const { record, parent } = await requireImport(ctx, input.importId);
    await ctx.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(accountImports)
        .set({ status: 'Cancelled', finishedAt: new Date() })
        .where(and(eq(accountImports.id, record.id), eq(accountImports.status, 'Pending')))
        .returning();
      if (!changed) throw new ApiError(409, 'import_not_pending');
      await auditAccountChange(tx, ctx, 'AccountsImportCancelled', parent, { ImportId: record.id, Name: record.name });
    });
    return loadImportView(ctx.db, record.id);
  },
});

const getImportErrors = defineOperation({
  service: 'IImportService',
  operation: 'GetImportErrors',
  readOnly: true,
  summary: 'The row-level error report of an import (importId; importAccountId, when given, must be the account it imports under): row number, column, message, in row order, paged.',
  request: getImportErrorsRequestSchema,
  response: getImportErrorsResponseSchema,
  rule: MY_IMPORTS_READ,
  async handler(input, ctx) {
    const { record } = await requireImport(ctx, input.importId);
    if (input.importAccountId !== undefined && input.importAccountId !== record.parentAccountId) throw accessDenied();
    const pageSize = input.pageSize ?? 100;
    const where = eq(accountImportErrors.importId, record.id);
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(accountImportErrors).where(where).orderBy(asc(accountImportErrors.row), asc(accountImportErrors.id)).limit(pageSize).offset((input.page ?? 0) * pageSize),
      ctx.db.select({ n: count() }).from(accountImportErrors).where(where),
    ]);
    return { ImportId: record.id, Errors: rows.map((e) => ({ Row: e.row, Column: e.column, Message: e.message })), Total: Number(total?.n ?? 0) };
  },
});

const getImportTemplate = defineOperation({
  service: 'IImportService',
  operation: 'GetImportTemplate',
  readOnly: true,
  summary: 'The import template (format CSV or Excel, default Excel): the columns an import reads, with example rows of a company, a department and two users.',
  request: getImportTemplateRequestSchema,
  response: fileDownloadSchema,
  rule: MY_IMPORTS_READ,
  async handler(input, ctx) {
    return importTemplate(ctx.locale, input.format ?? 'Excel');
  },
});

export const importOperations = [getImports, uploadImport, validateImport, scheduleImport, cancelImport, getImportErrors, getImportTemplate];
