import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@cmp/contracts/locales';
import type { BillingFrequency, Commitment } from '@cmp/contracts/orders';
import type { SubscriptionStatus } from '@cmp/contracts/subscriptions';
import type { ErrorKey } from '@cmp/contracts/errors';
import type { UpgradeOption, UpgradeOptions, UpgradePathKind } from '@cmp/contracts/upgrades';
import type { Queryable } from '../platform/db/database';
import { accounts, productUpgradePaths, subscriptions } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { findCompanyAccount, loadAccount, type AccountRow } from '../platform/session';
import { rowsOf } from '../platform/db/rowsOf';
import { visibleServices } from '../explore/catalogViewer';
import { viewerOfAccount } from '../orders/orderPricing';
import { currentRecurringPrice } from './currentPrice';
import { changeAwaitingApproval, displayedUnitPrice, openModifyOf, seatBatchesOf, subscriptionOf, type SubscriptionRow } from './subscriptionQueries';

// What a subscription may be upgraded to (issue 14 "Upgrade wizard", first step): the upgrade paths
// of its service to services the customer may order, each with its current price for the source's
// term, and the Active subscriptions of the target service under the same account (an upgrade may
// increase one of them instead of making a new subscription).

export type UpgradePathRow = typeof productUpgradePaths.$inferSelect;

/** The account the source sits under and the company it belongs to. */
export async function upgradeSetting(db: Queryable, account: AccountRow): Promise<{ parent: AccountRow; company: AccountRow }> {
  const parent = account.parentId === null ? undefined : await loadAccount(db, account.parentId);
  const company = await findCompanyAccount(db, account);
  if (!parent || !company) throw new ApiError(400, 'subscription_not_found', { accountName: account.displayName });
  return { parent, company };
}

/** Why the subscription cannot be upgraded now, or null. */
export async function upgradeBlocker(db: Queryable, account: AccountRow, subscription: SubscriptionRow): Promise<ErrorKey | null> {
  if (account.state === 'Terminated' || subscription.status !== 'Active') return 'subscription_not_active';
  if (await openModifyOf(db, account.id)) return 'subscription_change_in_progress';
  if (await changeAwaitingApproval(db, account.id)) return 'subscription_change_awaits_approval';
  return null;
}

/** The latest open cancellation window of a subscription's seats (what a partial upgrade's new subscription inherits). */
export async function openWindowOf(db: Queryable, accountId: number, now: Date): Promise<{ until: Date | null; refundable: number }> {
  const open = (await seatBatchesOf(db, accountId)).filter((b) => b.refundableUntil > now && b.refundableQuantity > 0);
  const until = open.reduce<Date | null>((latest, b) => (latest === null || b.refundableUntil > latest ? b.refundableUntil : latest), null);
  return { until, refundable: open.reduce((sum, b) => sum + b.refundableQuantity, 0) };
}

/** Active subscriptions of `productName` directly under `parent`. */
export async function existingTargets(db: Queryable, parent: AccountRow, productName: string) {
  return db
    .select({ account: accounts, subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(and(eq(accounts.parentId, parent.id), eq(subscriptions.productName, productName), eq(subscriptions.status, 'Active'), sql`${accounts.state} <> 'Terminated'`))
    .orderBy(desc(subscriptions.quantity), accounts.id);
}

interface TargetService {
  name: string;
  display_name: string;
  short_description: string;
  vendor_name: string | null;
  commitment_terms: string[];
}

export async function upgradeOptions(db: Queryable, account: AccountRow, locale: Locale, mayUpgrade: boolean, now = new Date()): Promise<UpgradeOptions> {
  const { subscription: s, product } = await subscriptionOf(db, account);
  const { parent, company } = await upgradeSetting(db, account);
  const paths = await db.select().from(productUpgradePaths).where(eq(productUpgradePaths.fromProductName, s.productName)).orderBy(productUpgradePaths.id);
  const viewer = await viewerOfAccount(db, company);
  const services = paths.length
    ? await rowsOf<TargetService>(
        db,
        sql`select s.name, s.display_name, s.short_description, v.display_name as vendor_name, p.commitment_terms
              from ${visibleServices(
                viewer,
                locale,
                paths.map((p) => p.toProductName),
              )} s
              join products p on p.name = s.name left join accounts v on v.id = s.vendor_account_id`,
      )
    : [];
  const options: UpgradeOption[] = [];
  for (const path of paths) {
    const service = services.find((candidate) => candidate.name === path.toProductName);
    if (!service) continue;
    const price = await currentRecurringPrice(db, company, service.name);
    const targets = await existingTargets(db, parent, service.name);
    options.push({
      UpgradeProcessId: path.id,
      Kind: path.kind as UpgradePathKind,
      ProductName: service.name,
      DisplayName: service.display_name,
      Description: service.short_description,
      VendorName: service.vendor_name ?? '',
      UnitPrice: price ? displayedUnitPrice(price.unitPrice, price.currency) : null,
      Currency: price?.currency ?? null,
      PriceRule: price?.rule ?? null,
      IsTermOffered: service.commitment_terms.includes(s.commitment),
      ExistingSubscriptions: targets.map((t) => ({
        AccountId: t.account.id,
        AccountName: t.account.displayName,
        Quantity: t.subscription.quantity,
        Commitment: t.subscription.commitment as Commitment,
        BillingFrequency: t.subscription.billingFrequency as BillingFrequency,
        UnitPrice: displayedUnitPrice(t.subscription.unitPrice, t.subscription.currency),
        Currency: t.subscription.currency,
        MinimumContractEndDate: t.subscription.minimumContractEndDate?.toISOString() ?? null,
      })),
    });
  }
  const window = await openWindowOf(db, account.id, now);
  const blocker = await upgradeBlocker(db, account, s);
  return {
    Source: {
      AccountId: account.id,
      AccountName: account.displayName,
      ParentAccountId: parent.id,
      ProductName: s.productName,
      ServiceDisplayName: product.displayNames[locale] ?? product.displayName,
      Status: s.status as SubscriptionStatus,
      Quantity: s.quantity,
      Commitment: s.commitment as Commitment,
      BillingFrequency: s.billingFrequency as BillingFrequency,
      IsPrepaid: s.isPrepaid,
      UnitPrice: displayedUnitPrice(s.unitPrice, s.currency),
      Currency: s.currency,
      MinimumContractEndDate: s.minimumContractEndDate?.toISOString() ?? null,
      RefundableUntil: window.until?.toISOString() ?? null,
    },
    Options: options,
    CanUpgrade: mayUpgrade && blocker === null && options.length > 0,
    Blocker: blocker,
  };
}

/** The upgrade path the call names: it must start at the source's service and end at the target. */
export async function upgradePathFor(db: Queryable, upgradeProcessId: number, from: string, to: string): Promise<UpgradePathRow> {
  const [path] = await db
    .select()
    .from(productUpgradePaths)
    .where(and(eq(productUpgradePaths.id, upgradeProcessId), eq(productUpgradePaths.fromProductName, from), inArray(productUpgradePaths.toProductName, [to])))
    .limit(1);
  if (!path) throw new ApiError(400, 'upgrade_path_invalid', { productName: to, upgradeProcessId: String(upgradeProcessId) });
  return path;
}
