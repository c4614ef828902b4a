import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accountReadRequirement } from '@cmp/contracts/accountAccess';
import { ACCOUNT_TYPES, type AccountType } from '@cmp/contracts/accounts';
import type { AuditLogEntry, AuditLogFilter, AuditSortField } from '@cmp/contracts/auditLog';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SortDirection } from '@cmp/contracts/users';
import { escapeLike } from '../platform/db/likePattern';
import type { Queryable } from '../platform/db/database';
import { accounts, auditLog, users } from '../platform/db/schema';
import type { AccountRow, CallerSession } from '../platform/session';
import { detailsSeenBy, isOnSellerSide } from '../platform/sellerSide';

const subject = alias(accounts, 'subject');
const actor = alias(accounts, 'actor');
const actorUser = alias(users, 'actor_user');
const impersonator = alias(accounts, 'impersonator');

/** The account whose log is read: its own entries and those below it, or (user log) the user's. */
export type LogOwner = Pick<AccountRow, 'id' | 'path'>;

/** Whose eyes read the log: entries only about accounts inside their scope that they may read. */
export interface LogReader {
  scopePath: string;
  readableTypes: AccountType[];
  ownUserAccountId: number;
  /** The reader sells what an account buys (platform/sellerSide.ts): only then are its costs and margins in the entries read. */
  isOnSellerSide: (account: { path: string }) => boolean;
}

/**
 * Issue 10: an entry tells what was changed on an account (a user's e-mail, a company's VAT
 * number), so it is shown only to someone who may read that account — Read on its type, or it is
 * the reader's own user account — as the account itself would be.
 */
export function logReaderOf(caller: CallerSession, scopePath: string): LogReader {
  return {
    scopePath,
    readableTypes: ACCOUNT_TYPES.filter((type) => isAllowed(caller.capabilities, accountReadRequirement(type))),
    ownUserAccountId: caller.userAccount.id,
    isOnSellerSide: (account) => isOnSellerSide(caller, account),
  };
}

export interface AuditLogQuery {
  isUserLog: boolean;
  filter: AuditLogFilter;
  sortBy: AuditSortField;
  sortDirection: SortDirection;
}

const SORT_COLUMNS: Record<AuditSortField, SQL> = {
  OccurredAt: sql`${auditLog.occurredAt}`,
  Action: sql`${auditLog.action}`,
  Account: sql`lower(${subject.displayName})`,
  Actor: sql`lower(${actor.displayName})`,
};

/**
 * Which entries an account's log holds. The audit log: every entry about an account whose CURRENT
 * path lies under the account's (joined on accounts, so a moved account takes its history along).
 * The user log: what the user did (or did while impersonating someone) and what was done to them —
 * still only about accounts inside the caller's scope.
 */
function whereOf(account: LogOwner, reader: LogReader, query: AuditLogQuery): SQL {
  const conditions: (SQL | undefined)[] = query.isUserLog
    ? [
        or(eq(auditLog.actorAccountId, account.id), eq(auditLog.impersonatorAccountId, account.id), eq(auditLog.accountId, account.id)),
        like(subject.path, `${escapeLike(reader.scopePath)}%`),
      ]
    : [like(subject.path, `${escapeLike(account.path)}%`)];
  const isOwnAccount = eq(subject.id, reader.ownUserAccountId);
  conditions.push(reader.readableTypes.length ? or(inArray(subject.type, reader.readableTypes), isOwnAccount) : isOwnAccount);
  const { from, to, actor: actorText, action } = query.filter;
  if (from) conditions.push(gte(auditLog.occurredAt, new Date(from)));
  if (to) conditions.push(lt(auditLog.occurredAt, new Date(to)));
  if (action) conditions.push(eq(auditLog.action, action));
  if (actorText) {
    const pattern = `%${escapeLike(actorText)}%`;
    conditions.push(or(ilike(actor.displayName, pattern), ilike(actorUser.username, pattern)));
  }
  return and(...conditions)!;
}

/** An export holds at most this many entries; a longer log is filtered by period first. */
export const AUDIT_EXPORT_LIMIT = 50_000;

const entryColumns = {
  id: auditLog.id,
  occurredAt: auditLog.occurredAt,
  action: auditLog.action,
  accountId: auditLog.accountId,
  accountName: subject.displayName,
  actorId: auditLog.actorAccountId,
  actorName: actor.displayName,
  impersonatorId: auditLog.impersonatorAccountId,
  impersonatorName: impersonator.displayName,
  ip: auditLog.ip,
  details: auditLog.details,
  accountPath: subject.path,
};

const selectEntries = (db: Queryable, where: SQL) =>
  db
    .select(entryColumns)
    .from(auditLog)
    .innerJoin(subject, eq(subject.id, auditLog.accountId))
    .leftJoin(actor, eq(actor.id, auditLog.actorAccountId))
    .leftJoin(actorUser, eq(actorUser.accountId, auditLog.actorAccountId))
    .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorAccountId))
    .where(where);

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

const toEntry = (e: EntryRow, reader: LogReader): AuditLogEntry => ({
  Id: e.id,
  OccurredAt: e.occurredAt.toISOString(),
  Action: e.action,
  AccountId: e.accountId,
  AccountDisplayName: e.accountName,
  ActorAccountId: e.actorId,
  ActorDisplayName: e.actorName,
  ImpersonatorAccountId: e.impersonatorId,
  ImpersonatorDisplayName: e.impersonatorName,
  Ip: e.ip,
  // What the entry's account buys is priced on the reader's side only if the reader sells it.
  Details: detailsSeenBy(e.details, reader.isOnSellerSide({ path: e.accountPath })) as AuditLogEntry['Details'],
});

/** One page of a log (or, without `page`, every entry up to the export limit) and the total. */
export async function listAuditEntries(
  db: Queryable,
  account: LogOwner,
  reader: LogReader,
  query: AuditLogQuery,
  page?: { page: number; pageSize: number },
): Promise<{ entries: AuditLogEntry[]; total: number }> {
  const where = whereOf(account, reader, query);
  const order = query.sortDirection === 'asc' ? asc : desc;
  const base = selectEntries(db, where).orderBy(order(SORT_COLUMNS[query.sortBy]), order(auditLog.id));
  const rows = page ? await base.limit(page.pageSize).offset(page.page * page.pageSize) : await base.limit(AUDIT_EXPORT_LIMIT);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(auditLog)
    .innerJoin(subject, eq(subject.id, auditLog.accountId))
    .leftJoin(actor, eq(actor.id, auditLog.actorAccountId))
    .leftJoin(actorUser, eq(actorUser.accountId, auditLog.actorAccountId))
    .where(where);
  return { total, entries: rows.map((row) => toEntry(row, reader)) };
}

/** The newest entries of a log, without counting it all (the dashboard's "latest activity"). */
export async function latestAuditEntries(db: Queryable, account: LogOwner, reader: LogReader, isUserLog: boolean, limit: number): Promise<AuditLogEntry[]> {
  const where = whereOf(account, reader, { isUserLog, filter: {}, sortBy: 'OccurredAt', sortDirection: 'desc' });
  const rows = await selectEntries(db, where).orderBy(desc(auditLog.id)).limit(limit);
  return rows.map((row) => toEntry(row, reader));
}
