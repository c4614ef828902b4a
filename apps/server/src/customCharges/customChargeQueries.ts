import { and, asc, count, desc, eq, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { customChargeAttachmentPath, type CustomCharge, type CustomChargeSortField, type CustomChargeStatus } from '@cmp/contracts/customCharges';
import type { SortDirection } from '@cmp/contracts/users';
import type { Queryable } from '../platform/db/database';
import { accounts, customChargeAttachments, customCharges } from '../platform/db/schema';
import { escapeLike } from '../platform/db/likePattern';
import { minorUnits, money, moneyString } from '../pricing/money';

// The custom charges of one account as the billing tab and the API show them.

const creators = alias(accounts, 'creators');

/** The decimals a charge amount of this currency is fixed at: its minor unit, as far as the numeric(14,2) column holds. */
export const storedAmountScale = (currency: string) => Math.min(minorUnits(currency), 2);

const SORT_COLUMNS: Record<CustomChargeSortField, AnyColumn> = {
  Name: customCharges.name,
  Price: customCharges.price,
  Cost: customCharges.cost,
  Status: customCharges.status,
  CreatedBy: creators.displayName,
  CreatedAt: customCharges.createdAt,
};

const chargeColumns = {
  charge: customCharges,
  creatorName: creators.displayName,
  attachmentFileName: customChargeAttachments.fileName,
  attachmentContentType: customChargeAttachments.contentType,
  attachmentSize: customChargeAttachments.sizeBytes,
};
type ChargeListRow = {
  charge: typeof customCharges.$inferSelect;
  creatorName: string;
  attachmentFileName: string | null;
  attachmentContentType: string | null;
  attachmentSize: number | null;
};

function toCustomCharge(row: ChargeListRow): CustomCharge {
  const { charge } = row;
  const scale = storedAmountScale(charge.currency);
  return {
    CustomChargeId: charge.id,
    AccountId: charge.accountId,
    Name: charge.name,
    Description: charge.description,
    Price: moneyString(money(charge.price), scale),
    Cost: moneyString(money(charge.cost), scale),
    Currency: charge.currency,
    Status: charge.status,
    CreatedByAccountId: charge.createdByAccountId,
    CreatedByName: row.creatorName,
    CreatedAt: charge.createdAt.toISOString(),
    BilledAt: charge.billedAt?.toISOString() ?? null,
    Attachment:
      row.attachmentFileName === null
        ? null
        : { FileName: row.attachmentFileName, ContentType: row.attachmentContentType!, SizeBytes: row.attachmentSize!, DownloadUrl: customChargeAttachmentPath(charge.id) },
  };
}

const chargesWithDetails = (db: Queryable, where: SQL | undefined) =>
  db
    .select(chargeColumns)
    .from(customCharges)
    .innerJoin(creators, eq(creators.id, customCharges.createdByAccountId))
    // Only the attachment's description: its content is read by the download alone.
    .leftJoin(customChargeAttachments, eq(customChargeAttachments.customChargeId, customCharges.id))
    .where(where);

export interface ChargeListQuery {
  accountId: number;
  status?: CustomChargeStatus;
  text?: string;
  sortBy: CustomChargeSortField;
  sortDirection: SortDirection;
  page: number;
  pageSize: number;
}

/** One page of an account's charges and how many match, sorted on the server (newest first by default). */
export async function listCustomCharges(db: Queryable, query: ChargeListQuery): Promise<{ charges: CustomCharge[]; total: number }> {
  const conditions: SQL[] = [eq(customCharges.accountId, query.accountId)];
  if (query.status) conditions.push(eq(customCharges.status, query.status));
  if (query.text) {
    const pattern = `%${escapeLike(query.text)}%`;
    conditions.push(or(ilike(customCharges.name, pattern), ilike(customCharges.description, pattern))!);
  }
  const where = and(...conditions);
  const order = query.sortDirection === 'asc' ? asc : desc;
  const rows = await chargesWithDetails(db, where)
    .orderBy(order(SORT_COLUMNS[query.sortBy]), order(customCharges.id))
    .limit(query.pageSize)
    .offset(query.page * query.pageSize);
  const [totalRow] = await db.select({ total: count() }).from(customCharges).where(where);
  return { charges: rows.map(toCustomCharge), total: totalRow?.total ?? 0 };
}

/** A charge as its buyer sees it: everything but what it cost the seller (issue 30). */
export function withoutCost(charge: CustomCharge): CustomCharge {
  const { Cost: _cost, ...seen } = charge;
  return seen;
}

/** One charge as the API answers it. */
export async function customChargeById(db: Queryable, customChargeId: number): Promise<CustomCharge> {
  const [row] = await chargesWithDetails(db, eq(customCharges.id, customChargeId)).limit(1);
  return toCustomCharge(row!);
}
