import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { normalizeLocale, type Locale } from '@cmp/contracts/locales';
import { MY_IMPORTS_READ, type ImportFormat, type ImportRowError } from '@cmp/contracts/imports';
import { requireAccountInHierarchy } from '../platform/access';
import { writeAudit } from '../platform/audit';
import { catalogueText } from '../platform/excel';
import type { Database, Queryable } from '../platform/db/database';
import { isUniqueViolation } from '../platform/db/dbErrors';
import { accountImportErrors, accountImportGroups, accountImports, users } from '../platform/db/schema';
import type { JobDefinition } from '../platform/jobs';
import { findCompanyAccount, loadAccount, loadCapabilities, type AccountRow, type CallerSession } from '../platform/session';
import { withImportReadSlot } from './importReadSlots';
import { readImportFile, readImportRows, UnreadableImportFile } from './importFile';
import { readImportGroups } from './importGroups';
import { newFileState, planGroup, type FileState } from './importPlan';
import { createPlannedAccounts, type ImportInvitations } from './importWrite';
import { loadPlatformBranding } from '../branding/brandingRoutes';
import { deliverOutboxMail } from '../platform/mail';
import type { ServerConfig } from '../platform/config';
import { ViewValidationCache } from '../accounts/views/viewValidationCache';

// The check of a whole file (before anything is written) and the job that imports it, one row group
// per transaction. The group's record in account_import_groups commits with its accounts, so a run
// that dies half-way and starts again (pg-boss retries, or the sweeper) skips the groups it did.

export const IMPORT_JOB = 'imports.run';
export const IMPORT_SWEEP_JOB = 'imports.sweep';
/** Row errors kept per import; the count goes on beyond. */
const MAX_STORED_ERRORS = 10_000;

type ImportRecord = typeof accountImports.$inferSelect;
export type SendJob = (name: string, data: object, options?: { startAfter?: Date; singletonKey?: string }) => Promise<void>;

/** The import's creator as the caller the rules are checked for, with the capabilities held now. */
export async function loadImportCaller(db: Queryable, creatorAccountId: number): Promise<CallerSession | undefined> {
  const [user] = await db.select().from(users).where(eq(users.accountId, creatorAccountId)).limit(1);
  const userAccount = await loadAccount(db, creatorAccountId);
  if (!user || !userAccount || user.isDisabled || userAccount.state !== 'Active') return undefined;
  return {
    tokenHash: '',
    publicId: '',
    user,
    userAccount,
    companyAccount: (await findCompanyAccount(db, userAccount)) ?? userAccount,
    capabilities: await loadCapabilities(db, creatorAccountId),
    impersonatorAccountId: null,
    mustSetupMfa: false,
    memo: new Map(),
  };
}

const localeOf = (record: ImportRecord): Locale => normalizeLocale(record.locale) ?? 'en';

async function storeErrors(db: Queryable, importId: number, errors: ImportRowError[], alreadyStored: number): Promise<void> {
  const room = Math.max(0, MAX_STORED_ERRORS - alreadyStored);
  const kept = errors.slice(0, room);
  for (let i = 0; i < kept.length; i += 500) {
    await db.insert(accountImportErrors).values(kept.slice(i, i + 500).map((e) => ({ importId, row: e.Row, column: e.Column, message: e.Message })));
  }
}

export interface CheckResult {
  rowCount: number;
  groupCount: number;
  errorCount: number;
}

/**
 * ValidateImport: reads the whole file and checks every group as the job would, writing nothing but
 * the import's row-level error report and counts.
 */
export async function checkImport(db: Database, record: ImportRecord, caller: CallerSession, parent: AccountRow): Promise<CheckResult> {
  const result: CheckResult = { rowCount: 0, groupCount: 0, errorCount: 0 };
  await db.delete(accountImportErrors).where(eq(accountImportErrors.importId, record.id));
  const file: FileState = newFileState();
  const ctx = { db, caller, parent, locale: localeOf(record), file, cache: new ViewValidationCache() };
  try {
    for await (const group of readImportGroups(readImportRows(record.format as ImportFormat, readImportFile(db, record.id)))) {
      result.rowCount += group.rows.length;
      result.groupCount += 1;
      const plan = await planGroup(ctx, group);
      if (plan.errors.length) {
        await storeErrors(db, record.id, plan.errors, result.errorCount);
        result.errorCount += plan.errors.length;
      }
    }
  } catch (error) {
    if (!(error instanceof UnreadableImportFile)) throw error;
    const message = unreadableMessage(ctx.locale, error);
    await storeErrors(db, record.id, [{ Row: 1, Column: error.missingColumn ?? '', Message: message }], result.errorCount);
    result.errorCount += 1;
  }
  await db.update(accountImports).set({ rowCount: result.rowCount, groupCount: result.groupCount, errorCount: result.errorCount }).where(eq(accountImports.id, record.id));
  return result;
}

function unreadableMessage(locale: Locale, error: UnreadableImportFile): string {
  return error.missingColumn ? catalogueTextOf(locale, 'import_column_missing', { column: error.missingColumn }) : catalogueTextOf(locale, 'import_file_unreadable');
}

const catalogueTextOf = (locale: Locale, key: string, params: Record<string, string> = {}) => catalogueText(locale, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

/** Rolls a refused group's transaction back, carrying its rows' errors out. */
class GroupRefused extends Error {
  constructor(readonly errors: ImportRowError[]) {
    super('group refused');
  }
}

/** Takes a due Pending import (or resumes one left In progress by a killed run). */
async function claimImport(db: Database, importId: number): Promise<ImportRecord | undefined> {
  const [fresh] = await db
    .update(accountImports)
    .set({ status: 'InProgress', startedAt: new Date(), groupsDone: 0, importedCount: 0, errorCount: 0 })
    .where(and(eq(accountImports.id, importId), eq(accountImports.status, 'Pending'), isNotNull(accountImports.scheduleDate), lte(accountImports.scheduleDate, sql`now() + interval '5 seconds'`)))
    .returning();
  if (fresh) {
    await db.delete(accountImportErrors).where(eq(accountImportErrors.importId, importId));
    return fresh;
  }
  const [running] = await db.select().from(accountImports).where(and(eq(accountImports.id, importId), eq(accountImports.status, 'InProgress')));
  return running;
}

async function finish(db: Database, record: ImportRecord, status: 'Completed' | 'Error' | 'Failed', caller: CallerSession | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(accountImports)
      .set({ status, finishedAt: new Date() })
      .where(and(eq(accountImports.id, record.id), eq(accountImports.status, 'InProgress')))
      .returning();
    if (!done) return;
    const parent = await loadAccount(tx, done.parentAccountId);
    await writeAudit(tx, caller, {
      action: 'AccountsImportFinished',
      accountId: done.parentAccountId,
      accountPath: parent?.path ?? null,
      actorAccountId: done.creatorAccountId,
      details: { ImportId: done.id, Name: done.name, Status: status, ImportedAccountsCount: done.importedCount, ErrorCount: done.errorCount },
    });
  });
}

/** What a run needs to invite the imported users: the portal's address, and SMTP to send through (else the mails wait in the outbox). */
export type ImportMailSettings = Pick<ServerConfig, 'publicUrl' | 'smtpUrl'>;
/** A run's settings: the mail's, and the node's import-reading slots it waits for (issue 30 item 9). */
export type ImportRunSettings = ImportMailSettings & Pick<ServerConfig, 'imports'>;

/** The job: imports every group not done yet, each in its own transaction. Idempotent. */
export async function runImport(db: Database, importId: number, settings: ImportRunSettings): Promise<void> {
  await withImportReadSlot(settings.imports, 'job', () => runImportFile(db, importId, settings));
}

async function runImportFile(db: Database, importId: number, mail: ImportMailSettings): Promise<void> {
  const record = await claimImport(db, importId);
  if (!record) return;
  const caller = await loadImportCaller(db, record.creatorAccountId);
  let parent: AccountRow | undefined;
  try {
    parent = caller ? await requireAccountInHierarchy(db, caller, record.parentAccountId, MY_IMPORTS_READ) : undefined;
  } catch {
    parent = undefined;
  }
  if (!caller || !parent) return finish(db, record, 'Failed', caller ?? null);
  const locale = localeOf(record);
  const done = new Set((await db.select({ firstRow: accountImportGroups.firstRow }).from(accountImportGroups).where(eq(accountImportGroups.importId, importId))).map((g) => g.firstRow));
  let storedErrors = record.errorCount;
  const cache = new ViewValidationCache();
  const { title } = await loadPlatformBranding(db);
  const inviter = [caller.user.firstName, caller.user.lastName].filter(Boolean).join(' ') || caller.user.username;
  const sender = { title, inviter, fallbackLocale: locale };
  try {
    for await (const group of readImportGroups(readImportRows(record.format as ImportFormat, readImportFile(db, importId)))) {
      if (done.has(group.firstRow)) continue;
      const invitations: ImportInvitations = { config: mail, sender, mailIds: [] };
      try {
        await db.transaction(async (tx) => {
          const plan = await planGroup({ db: tx, caller, parent, locale, file: newFileState(), cache }, group);
          if (plan.errors.length) throw new GroupRefused(plan.errors);
          const created = await createPlannedAccounts(tx, caller, importId, plan.accounts, invitations);
          await tx.insert(accountImportGroups).values({ importId, firstRow: group.firstRow, outcome: 'Imported', accountsCreated: created.length });
          await tx
            .update(accountImports)
            .set({ groupsDone: sql`${accountImports.groupsDone} + 1`, importedCount: sql`${accountImports.importedCount} + ${created.length}` })
            .where(eq(accountImports.id, importId));
        });
        await deliverInvitations(db, mail, invitations.mailIds);
      } catch (error) {
        if (isUniqueViolation(error) && (await isGroupDone(db, importId, group.firstRow))) continue;
        const errors = error instanceof GroupRefused ? error.errors : isUniqueViolation(error) ? group.rows.map((row) => ({ Row: row.row, Column: '', Message: catalogueTextOf(locale, 'import_group_conflict') })) : undefined;
        if (!errors) throw error;
        await db.transaction(async (tx) => {
          await tx.insert(accountImportGroups).values({ importId, firstRow: group.firstRow, outcome: 'Refused' }).onConflictDoNothing();
          await storeErrors(tx, importId, errors, storedErrors);
          await tx
            .update(accountImports)
            .set({ groupsDone: sql`${accountImports.groupsDone} + 1`, errorCount: sql`${accountImports.errorCount} + ${errors.length}` })
            .where(eq(accountImports.id, importId));
        });
        storedErrors += errors.length;
      }
    }
  } catch (error) {
    if (!(error instanceof UnreadableImportFile)) throw error;
    await storeErrors(db, importId, [{ Row: 1, Column: error.missingColumn ?? '', Message: unreadableMessage(locale, error) }], storedErrors);
    await db.update(accountImports).set({ errorCount: sql`${accountImports.errorCount} + 1` }).where(eq(accountImports.id, importId));
    return finish(db, record, 'Failed', caller);
  }
  const [after] = await db.select({ errorCount: accountImports.errorCount }).from(accountImports).where(eq(accountImports.id, importId));
  await finish(db, record, (after?.errorCount ?? 0) > 0 ? 'Error' : 'Completed', caller);
}

/** Sends a committed group's invitations; one the mail server refuses stays in the outbox as failed, for the admin console to resend. */
async function deliverInvitations(db: Database, mail: ImportMailSettings, mailIds: number[]): Promise<void> {
  if (!mail.smtpUrl) return;
  for (const id of mailIds) await deliverOutboxMail(db, mail.smtpUrl, id).catch(() => undefined);
}

async function isGroupDone(db: Database, importId: number, firstRow: number): Promise<boolean> {
  const [row] = await db.select().from(accountImportGroups).where(and(eq(accountImportGroups.importId, importId), eq(accountImportGroups.firstRow, firstRow)));
  return Boolean(row);
}

/** Sends the job of every due Pending import: catches up one whose job was lost. */
async function sweepDueImports(db: Database, send: SendJob): Promise<void> {
  const due = await db
    .select({ id: accountImports.id })
    .from(accountImports)
    .where(and(eq(accountImports.status, 'Pending'), isNotNull(accountImports.scheduleDate), lte(accountImports.scheduleDate, new Date())));
  for (const { id } of due) await send(IMPORT_JOB, { importId: id }, { singletonKey: `import-${id}` });
}

export function importJobs(settings: { send: SendJob; mail: ImportRunSettings }): JobDefinition[] {
  return [
    {
      name: IMPORT_JOB,
      // One job per task (its singletonKey): a second send of the same task is refused by the queue.
      policy: 'exclusive',
      pollingIntervalSeconds: 1,
      async handler(data, { db }) {
        const importId = Number((data as { importId?: unknown }).importId);
        if (Number.isInteger(importId) && importId > 0) await runImport(db, importId, settings.mail);
      },
    },
    { name: IMPORT_SWEEP_JOB, cron: '*/5 * * * *', handler: (_data, { db }) => sweepDueImports(db, settings.send) },
  ];
}
