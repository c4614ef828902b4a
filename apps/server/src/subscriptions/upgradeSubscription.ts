import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@cmp/contracts/locales';
import type { AuditAction } from '@cmp/contracts/audit';
import type { BillingFrequency, Commitment } from '@cmp/contracts/orders';
import type { ScheduledChange } from '@cmp/contracts/subscriptions';
import type { UpgradePathKind, UpgradeResult, UpgradeSide } from '@cmp/contracts/upgrades';
import type { Queryable } from '../platform/db/database';
import { accountTerminations, subscriptionScheduledChanges, subscriptionSeatBatches, subscriptions } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { loadAccount, type AccountRow, type CallerSession } from '../platform/session';
import { insertAccount } from '../accounts/accountStore';
import { executeTermination } from '../accounts/lifecycle/terminationStore';
import { orderableService, viewerOfAccount } from '../orders/orderPricing';
import { addHours, termEnd } from '../platform/dates';
import { checkOrderViewValues, productViewOf, type OrderViewValues } from '../orders/orderViewValues';
import { currentRecurringPrice, type CurrentPrice } from './currentPrice';
import { giveBackSeats } from './subscriptionChanges';
import { insertSubscriptionRequest } from './subscriptionRequests';
import { displayedUnitPrice, openModifyOf, scheduledChangesOf, seatBatchesOf, subscriptionOf, type SubscriptionRow } from './subscriptionQueries';
import { openWindowOf, upgradeBlocker, upgradePathFor, upgradeSetting } from './upgradeOptions';
import { chargePerPeriod, checkChangeCredit, holdChange, refuseWhileChangeAwaitsApproval } from './changeRequests';

// An upgrade (issue 14 "Upgrade wizard"; spec §4 "Upgrade"; the rules in packages/contracts/src/upgrades.ts):
// planned for the overview (preview) and made in one transaction with the same code, so the overview
// shows what the upgrade does. The source's row is locked (and an existing target's), so two upgrades
// or an upgrade and a quantity change of one subscription cannot both start from the same quantity.
// - The seats that move keep their cancellation window: a partial upgrade's new subscription and the
//   seats added to an existing target inherit the source's latest open window (with as many
//   refundable seats as the source gives up); a full upgrade's new subscription is a new purchase
//   with a window of its own.
// - An upgrade applied at once drops the source's scheduled changes (the source ends, or its quantity
//   changes mid-term); a downgrade replaces an earlier scheduled downgrade.
// - An upgrade that raises what the company is billed takes an order's credit check
//   (changeRequests.ts): above the limit it waits in Request review and is made here once approved.

export interface UpgradeInput {
  upgradeProcessId: number;
  targetProductName: string;
  targetAccountId?: number | null;
  quantity?: number;
  viewValues?: Record<string, unknown>;
}

export interface UpgradeActor {
  caller: CallerSession | null;
  /** Whose request it is (the caller, or the user who scheduled a downgrade). */
  actorAccountId: number | null;
  locale: Locale;
  audit: (action: AuditAction, account: AccountRow, details: Record<string, unknown>) => Promise<void>;
  meta?: { ip?: string; requestId?: string };
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

function sideOf(account: AccountRow | null, s: Pick<SubscriptionRow, 'productName' | 'commitment' | 'billingFrequency' | 'unitPrice' | 'currency' | 'priceRule' | 'minimumContractEndDate'>, displayName: string) {
  return {
    AccountId: account?.id ?? null,
    ProductName: s.productName,
    DisplayName: displayName,
    Commitment: s.commitment as Commitment,
    BillingFrequency: s.billingFrequency as BillingFrequency,
    UnitPrice: displayedUnitPrice(s.unitPrice, s.currency),
    Currency: s.currency,
    PriceRule: s.priceRule,
    MinimumContractEndDate: iso(s.minimumContractEndDate),
  };
}

/**
 * Plans (preview) or makes the upgrade of `account`'s subscription. `approvedOrderId`: the change
 * request that held it, now approved (no credit check; its requests name it).
 */
export async function upgradeSubscription(tx: Queryable, actor: UpgradeActor, account: AccountRow, input: UpgradeInput, preview: boolean, now = new Date(), approvedOrderId?: number) {
  const { subscription: s, product } = await subscriptionOf(tx, account, !preview);
  const blocker = await upgradeBlocker(tx, account, s);
  if (blocker) throw new ApiError(409, blocker, { status: account.state === 'Terminated' ? 'Terminated' : s.status });
  if (approvedOrderId === undefined) await refuseWhileChangeAwaitsApproval(tx, account.id);
  const path = await upgradePathFor(tx, input.upgradeProcessId, s.productName, input.targetProductName);
  const kind = path.kind as UpgradePathKind;
  const { parent, company } = await upgradeSetting(tx, account);
  const service = await orderableService(tx, await viewerOfAccount(tx, company), actor.locale, path.toProductName, parent);

  const seats = input.quantity ?? s.quantity;
  if (seats > s.quantity) throw new ApiError(400, 'upgrade_quantity_invalid', { quantity: String(s.quantity) });
  const type = seats === s.quantity ? 'Full' : 'Partial';
  const targetId = input.targetAccountId ?? null;
  if (kind === 'Downgrade' && type === 'Partial') throw new ApiError(400, 'upgrade_downgrade_full_only', { quantity: String(s.quantity) });
  if (kind === 'Downgrade' && targetId !== null) throw new ApiError(400, 'upgrade_downgrade_new_only');

  // The existing target, or the price a new one takes.
  let existing: { account: AccountRow; subscription: SubscriptionRow } | undefined;
  let price: CurrentPrice | undefined;
  if (targetId !== null) {
    const targetAccount = await loadAccount(tx, targetId);
    const target = targetAccount?.type === 'Product' && targetAccount.parentId === parent.id && targetAccount.id !== account.id ? await subscriptionOf(tx, targetAccount, !preview) : undefined;
    if (!targetAccount || !target || target.subscription.productName !== path.toProductName || target.subscription.status !== 'Active' || targetAccount.state === 'Terminated') {
      // An account elsewhere is named by its id only: its name is not the caller's to read.
      throw new ApiError(400, 'upgrade_target_invalid', { accountName: targetAccount?.parentId === parent.id ? targetAccount.displayName : String(targetId) });
    }
    if (await openModifyOf(tx, targetAccount.id)) throw new ApiError(409, 'subscription_change_in_progress');
    existing = { account: targetAccount, subscription: target.subscription };
  } else {
    if (!service.commitment_terms.includes(s.commitment)) throw new ApiError(400, 'upgrade_term_unavailable', { productName: service.display_name, commitment: s.commitment });
    price = await currentRecurringPrice(tx, company, path.toProductName);
    if (!price) throw new ApiError(400, 'upgrade_not_priced', { productName: service.display_name });
  }
  // A new subscription's own view fields, as an order's (an existing target keeps its values).
  const viewValues = existing ? {} : await checkOrderViewValues(tx, path.toProductName, input.viewValues, actor.locale, actor.caller ?? undefined);

  const sourceWindow = await openWindowOf(tx, account.id, now);
  const movedRefundable = Math.min(seats, sourceWindow.refundable);
  const targetWindow = existing || type === 'Partial' ? sourceWindow.until : addHours(now, service.cancellation_window_hours);
  const scheduled = await scheduledChangesOf(tx, account.id);
  const dropped: ScheduledChange[] = kind === 'Downgrade' ? scheduled.filter((c) => c.Kind === 'Product') : scheduled;
  const termEndDate = s.minimumContractEndDate ?? termEnd(s.termStartDate ?? s.createdAt, s.commitment as Commitment);
  const effective = kind === 'Downgrade' ? termEndDate : now;

  const sourceSide: UpgradeSide = {
    ...sideOf(account, s, product.displayNames[actor.locale] ?? product.displayName),
    IsNew: false,
    Ends: type === 'Full',
    QuantityBefore: s.quantity,
    QuantityAfter: s.quantity - seats,
    RefundableUntil: iso(sourceWindow.until),
  };
  const newTerms = {
    productName: path.toProductName,
    commitment: s.commitment,
    billingFrequency: s.billingFrequency,
    unitPrice: price?.unitPrice ?? null,
    currency: price?.currency ?? null,
    priceRule: price?.rule ?? null,
    // A downgrade's subscription starts a term of its own at the source's term end.
    minimumContractEndDate: kind === 'Downgrade' ? termEnd(termEndDate, s.commitment as Commitment) : termEndDate,
  };
  const targetSide: UpgradeSide = existing
    ? {
        ...sideOf(existing.account, existing.subscription, service.display_name),
        IsNew: false,
        Ends: false,
        QuantityBefore: existing.subscription.quantity,
        QuantityAfter: existing.subscription.quantity + seats,
        RefundableUntil: iso(targetWindow),
      }
    : {
        ...sideOf(null, newTerms, service.display_name),
        IsNew: true,
        Ends: false,
        QuantityBefore: 0,
        QuantityAfter: seats,
        RefundableUntil: kind === 'Downgrade' ? null : iso(targetWindow),
      };
  const result: UpgradeResult = {
    UpgradeProcessId: path.id,
    Kind: kind,
    UpgradeType: type,
    Outcome: kind === 'Downgrade' ? 'Scheduled' : 'Applied',
    EffectiveDate: effective.toISOString(),
    Source: sourceSide,
    Target: targetSide,
    DroppedScheduledChanges: dropped,
    ProvisioningRequestIds: [],
    CreditCheck: null,
    IsPreview: preview,
  };
  // What the upgrade adds per billing period: the moved seats at the target's price less at the source's.
  const targetPrice = existing ? { unitPrice: existing.subscription.unitPrice, currency: existing.subscription.currency } : { unitPrice: price?.unitPrice ?? null, currency: price?.currency ?? null };
  if (kind !== 'Downgrade' && approvedOrderId === undefined && targetPrice.currency !== null) {
    const targetProduct = { billingRule: service.billing_rule, billingPeriod: service.billing_period };
    const added = chargePerPeriod(targetPrice.unitPrice, seats, { billingFrequency: existing?.subscription.billingFrequency ?? s.billingFrequency, currency: targetPrice.currency }, targetProduct);
    const removed = s.currency === targetPrice.currency ? chargePerPeriod(s.unitPrice, seats, s, product) : added.mul(0);
    result.CreditCheck = await checkChangeCredit(tx, company, added.sub(removed), targetPrice.currency, !preview);
    if (result.CreditCheck?.NeedsApproval) result.Outcome = 'PendingApproval';
  }
  if (preview) return result;
  if (result.CreditCheck?.NeedsApproval) {
    result.CreditCheck.OrderId = await holdChange(tx, {
      kind: 'Upgrade',
      account,
      subscription: s,
      productName: path.toProductName,
      productDisplayName: service.display_name,
      quantity: seats,
      check: result.CreditCheck,
      lines: [],
      change: { ...input, viewValues },
      createdByAccountId: actor.actorAccountId ?? account.id,
      now,
    });
    return result;
  }

  if (dropped.length) {
    await tx.delete(subscriptionScheduledChanges).where(
      and(
        eq(subscriptionScheduledChanges.subscriptionAccountId, account.id),
        inArray(
          subscriptionScheduledChanges.id,
          dropped.map((c) => c.Id),
        ),
      ),
    );
  }
  const details = { Service: s.productName, Target: path.toProductName, UpgradeType: type, Quantity: seats, UpgradeProcessId: path.id };
  if (kind === 'Downgrade') {
    await tx
      .insert(subscriptionScheduledChanges)
      .values({ subscriptionAccountId: account.id, kind: 'Product', value: path.toProductName, createdByAccountId: actor.actorAccountId, createdAt: now });
    result.DroppedScheduledChanges = dropped;
    await actor.audit('SubscriptionDowngradeScheduled', account, { ...details, EffectiveDate: effective.toISOString() });
    return result;
  }

  const requestIds: number[] = [];
  const request = (target: { id: number }, productName: string, action: 'Create' | 'Modify', quantity: number) =>
    insertSubscriptionRequest(tx, { orderId: approvedOrderId ?? null, subscriptionAccountId: target.id, companyAccountId: company.id, productName, action, quantity, createdByAccountId: actor.actorAccountId, now });

  // The target first: the vendor delivers the new service before the old one goes.
  let target: AccountRow;
  if (existing) {
    target = existing.account;
    await tx.insert(subscriptionSeatBatches).values({
      subscriptionAccountId: target.id,
      kind: 'Addition',
      quantity: seats,
      refundableQuantity: movedRefundable,
      refundableUntil: targetWindow ?? now,
      createdAt: now,
    });
    requestIds.push(await request(target, path.toProductName, 'Modify', existing.subscription.quantity + seats));
  } else {
    target = await makeUpgradeSubscription(tx, {
      parent,
      source: s,
      displayName: service.display_name,
      terms: newTerms,
      quantity: seats,
      termStartDate: s.termStartDate ?? s.createdAt,
      window: { until: targetWindow ?? now, refundable: type === 'Full' ? seats : movedRefundable },
      viewValues,
      now,
    });
    requestIds.push(await request(target, path.toProductName, 'Create', seats));
    result.Target.AccountId = target.id;
  }

  if (type === 'Full') {
    requestIds.push(...(await endSourceAccount(tx, actor, account, `Upgraded to ${service.display_name}`, now)));
  } else {
    const open = (await seatBatchesOf(tx, account.id)).filter((b) => b.refundableUntil > now && b.refundableQuantity > 0);
    await giveBackSeats(tx, open, movedRefundable);
    requestIds.push(await request(account, s.productName, 'Modify', s.quantity - seats));
  }
  result.ProvisioningRequestIds = requestIds;
  await actor.audit('SubscriptionUpgraded', account, { ...details, TargetAccountId: target.id, NewSubscription: !existing });
  if (target.id !== account.id) await actor.audit('SubscriptionUpgraded', target, { ...details, SourceAccountId: account.id, NewSubscription: !existing });
  return result;
}

interface NewSubscription {
  parent: AccountRow;
  source: SubscriptionRow;
  displayName: string;
  terms: { productName: string; commitment: string; billingFrequency: string; unitPrice: string | null; currency: string | null; priceRule: string | null; minimumContractEndDate: Date };
  quantity: number;
  termStartDate: Date;
  window: { until: Date; refundable: number };
  /** The target service's view fields, checked (orders/orderViewValues.ts). */
  viewValues?: OrderViewValues;
  now: Date;
}

/** The Product account and subscription an upgrade (or a downgrade at the term end) makes: Provisioning until the vendor has delivered it. */
export async function makeUpgradeSubscription(tx: Queryable, n: NewSubscription): Promise<AccountRow> {
  const views = n.viewValues && Object.keys(n.viewValues).length ? { [productViewOf(n.terms.productName)]: { Values: n.viewValues } } : {};
  const account = await insertAccount(tx, { type: 'Product', parent: n.parent, displayName: n.displayName, productName: n.terms.productName, views });
  await tx.insert(subscriptions).values({
    accountId: account.id,
    productName: n.terms.productName,
    quantity: n.quantity,
    isPrepaid: n.source.isPrepaid,
    autoRenew: n.source.autoRenew,
    commitment: n.terms.commitment,
    billingFrequency: n.terms.billingFrequency,
    minimumContractEndDate: n.terms.minimumContractEndDate,
    termStartDate: n.termStartDate,
    hasPriceProtection: true,
    status: 'Provisioning',
    currency: n.terms.currency,
    unitPrice: n.terms.unitPrice,
    priceRule: n.terms.priceRule,
    upgradedFromAccountId: n.source.accountId,
  });
  await tx.insert(subscriptionSeatBatches).values({
    subscriptionAccountId: account.id,
    kind: 'Purchase',
    quantity: n.quantity,
    refundableQuantity: n.window.refundable,
    refundableUntil: n.window.until,
    createdAt: n.now,
  });
  return account;
}

/** Ends the source's Product account through the termination machinery (its subscription ends, the vendor gets a Terminate): answers the request ids. */
export async function endSourceAccount(tx: Queryable, actor: Pick<UpgradeActor, 'caller' | 'actorAccountId' | 'meta'>, account: AccountRow, reason: string, now: Date): Promise<number[]> {
  const [termination] = await tx
    .insert(accountTerminations)
    .values({ accountId: account.id, status: 'Done', terminateAt: now, reason, requestedByAccountId: actor.actorAccountId, executedAt: now })
    .returning();
  const { provisioningRequestIds } = await executeTermination(tx, termination!, account, { caller: actor.caller, meta: actor.meta });
  return provisioningRequestIds;
}
