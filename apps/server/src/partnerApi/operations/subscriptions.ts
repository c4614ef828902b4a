import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isAllowed } from '@cmp/contracts/capabilities';
import { accountRequirement, requireAccountFor } from '../../accounts/accountAccess';
import { accounts, products, subscriptions } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/database';
import { ApiError, accessDenied } from '../../platform/errors';
import { pathIds, type AccountRow, type CallerSession } from '../../platform/session';
import { definePartnerOperation } from '../partnerOperation';
import { partnerDateTime } from '../partnerCompany';

const fieldSchema = z.object({ DisplayName: z.string(), Name: z.string(), Value: z.unknown() });
const priceableItemSchema = z.object({
  ChargeType: z.string(),
  Currency: z.string(),
  FieldName: z.string(),
  IsUDRCField: z.boolean(),
  PriceableItemDescription: z.string(),
  PriceableItemType: z.string(),
  PurchasePrice: z.number(),
  SalesPrice: z.number(),
  SuggestedRetailPrice: z.number(),
  MaterialNumber: z.string(),
  ProductNumber: z.string(),
  PrepaidPeriodInMonths: z.number(),
  CommitementPeriodInMonths: z.number(),
  PriceableItemId: z.number().int(),
});

/** The definition's `Subscription` (its `Addons` not answered yet: docs/partnerApi.md). */
export const partnerSubscriptionSchema = z.object({
  AccountId: z.number().int(),
  AccountState: z.enum(['Active', 'Terminated']),
  Fields: z.array(fieldSchema),
  ParentAccountId: z.number().int(),
  CompanyAccountId: z.number().int(),
  ParentType: z.string(),
  PriceableItems: z.array(priceableItemSchema),
  Status: z.string(),
  ErrorDetails: z.string(),
  VendorReferenceId: z.string(),
  SecondVendorReferenceId: z.string(),
  ServiceDisplayName: z.string(),
  ServiceName: z.string(),
  ContractEndDate: z.string(),
  BillingStartDate: z.string(),
  PriceProtectionEndDate: z.string(),
  VendorDisplayName: z.string(),
  ScheduledTerminationDate: z.string(),
  HasRenewActionValuesConfigured: z.boolean(),
  RemainingCreditLimit: z.number(),
  PurchaseOrderNumber: z.string(),
  RenewFields: z.array(fieldSchema),
  AdvancePeriodEndDate: z.string(),
  ContractId: z.string(),
  DependencyAccountId: z.number(),
  DependencyServiceName: z.string(),
});
type PartnerSubscription = z.infer<typeof partnerSubscriptionSchema>;

const parents = alias(accounts, 'parents');
const vendors = alias(accounts, 'vendors');

/** Subscriptions with what the answer needs, in one statement (a nightly sync reads thousands). */
function subscriptionRows(db: Queryable) {
  return db
    .select({ account: accounts, subscription: subscriptions, product: products, parentType: parents.type, vendorName: vendors.displayName })
    .from(accounts)
    .innerJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .innerJoin(products, eq(products.name, subscriptions.productName))
    .innerJoin(parents, eq(parents.id, accounts.parentId))
    .leftJoin(vendors, eq(vendors.id, products.vendorAccountId))
    .$dynamic();
}
type SubscriptionRowOf = Awaited<ReturnType<ReturnType<typeof subscriptionRows>['execute']>>[number];

interface PriceLine {
  PriceableItemId?: number;
  Name?: string;
  FeeType?: string;
  UnitPrice?: string;
}

/** "1-month", "12-months", "36-months" → months. */
const commitmentMonths = (commitment: string) => Number(/^(\d+)/.exec(commitment)?.[1] ?? 0);
const date = (value: Date | null) => (value ? partnerDateTime(value) : '');

function toPartnerSubscription(row: SubscriptionRowOf, companyId: number): PartnerSubscription {
  const { account, subscription: s, product } = row;
  const values = { ...(account.views[`Product_${s.productName}`]?.Values ?? {}), Quantity: s.quantity };
  const months = commitmentMonths(s.commitment);
  return {
    AccountId: account.id,
    AccountState: account.state === 'Terminated' ? 'Terminated' : 'Active',
    Fields: Object.entries(values).map(([name, value]) => ({ DisplayName: name, Name: name, Value: value })),
    ParentAccountId: account.parentId ?? 0,
    CompanyAccountId: companyId,
    ParentType: row.parentType,
    PriceableItems: (s.priceLines as PriceLine[]).map((line) => ({
      ChargeType: line.FeeType ?? '',
      Currency: s.currency ?? product.currency,
      FieldName: 'Quantity',
      IsUDRCField: false,
      PriceableItemDescription: line.Name ?? '',
      PriceableItemType: line.FeeType ?? '',
      // The seller's cost is not a buyer's to read (issue 28); the partner API answers none yet.
      PurchasePrice: 0,
      SalesPrice: Number(line.UnitPrice ?? 0),
      SuggestedRetailPrice: 0,
      MaterialNumber: product.vendorSku ?? '',
      ProductNumber: product.productNumber ?? '',
      PrepaidPeriodInMonths: s.isPrepaid ? months : 0,
      CommitementPeriodInMonths: months,
      PriceableItemId: line.PriceableItemId ?? 0,
    })),
    Status: s.status,
    ErrorDetails: '',
    VendorReferenceId: '',
    SecondVendorReferenceId: '',
    ServiceDisplayName: product.displayName,
    ServiceName: s.productName,
    ContractEndDate: date(s.minimumContractEndDate),
    BillingStartDate: date(s.termStartDate),
    PriceProtectionEndDate: s.hasPriceProtection ? date(s.minimumContractEndDate) : '',
    VendorDisplayName: row.vendorName ?? '',
    ScheduledTerminationDate: '',
    HasRenewActionValuesConfigured: false,
    RemainingCreditLimit: 0,
    PurchaseOrderNumber: '',
    RenewFields: [],
    AdvancePeriodEndDate: '',
    ContractId: '',
    DependencyAccountId: 0,
    DependencyServiceName: '',
  };
}

/** The company of each subscription: the deepest Company or Reseller on its path, read once for all. */
async function companiesOf(db: Queryable, rows: SubscriptionRowOf[]): Promise<(row: SubscriptionRowOf) => number> {
  const ids = [...new Set(rows.flatMap((row) => pathIds(row.account.path)))];
  const organisations = new Set<number>();
  for (let start = 0; start < ids.length; start += 10_000) {
    const found = await db.select({ id: accounts.id }).from(accounts).where(and(inArray(accounts.id, ids.slice(start, start + 10_000)), inArray(accounts.type, ['Company', 'Reseller'])));
    for (const { id } of found) organisations.add(id);
  }
  return (row) => pathIds(row.account.path).findLast((id) => organisations.has(id)) ?? 0;
}

function assertMayReadSubscriptions(caller: CallerSession): void {
  if (!isAllowed(caller.capabilities, accountRequirement('Product', 'Read'))) throw accessDenied();
}

const accountId = z.number().int().positive();

const getSubscription = definePartnerOperation({
  name: 'GetSubscription',
  group: 'Subscription',
  summary: 'A subscription (a Product account) by accountId.',
  request: z.object({ accountId, resellerContext: accountId.optional() }).strict(),
  answer: partnerSubscriptionSchema,
  readOnly: true,
  async handler({ accountId: id }, { db, caller }) {
    assertMayReadSubscriptions(caller);
    const account: AccountRow = await requireAccountFor(db, caller, id, 'Read');
    const rows = account.type === 'Product' ? await subscriptionRows(db).where(eq(accounts.id, account.id)).limit(1) : [];
    if (!rows[0]) throw new ApiError(404, 'partner_api_not_a_subscription', { accountId: String(id) });
    return toPartnerSubscription(rows[0], (await companiesOf(db, rows))(rows[0]));
  },
});

const getSubscriptions = definePartnerOperation({
  name: 'GetSubscriptions',
  group: 'Subscription',
  summary: 'Every subscription under parentAccountId (its whole subtree), by id; `excludeUserLevel` leaves out those under users.',
  request: z.object({ parentAccountId: accountId, resellerContext: accountId.optional(), excludeUserLevel: z.boolean().optional() }).strict(),
  answer: z.array(partnerSubscriptionSchema),
  readOnly: true,
  async handler({ parentAccountId, excludeUserLevel }, { db, caller }) {
    assertMayReadSubscriptions(caller);
    const parent = await requireAccountFor(db, caller, parentAccountId, 'Read');
    const rows = (await subscriptionRows(db)
      .where(and(eq(accounts.type, 'Product'), like(accounts.path, `${parent.path}%`)))
      .orderBy(asc(accounts.id))).filter((row) => !excludeUserLevel || row.parentType !== 'User');
    // Under a company every subscription is that company's (no organisation nests below one): a nightly
    // sync asks company by company, so this spares each call the path look-up.
    const companyOf = parent.type === 'Company' ? () => parent.id : await companiesOf(db, rows);
    return rows.map((row) => toPartnerSubscription(row, companyOf(row)));
  },
});

export const subscriptionOperations = [getSubscription, getSubscriptions];
