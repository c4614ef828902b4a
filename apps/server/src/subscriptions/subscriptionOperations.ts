import { isAllowed, requirement, type CapabilityRequirement } from '@cmp/contracts/capabilities';
import {
  changeSubscriptionQuantityRequestSchema,
  changeSubscriptionQuantityResponseSchema,
  getSubscriptionRequestSchema,
  getSubscriptionResponseSchema,
  setAutoRenewRequestSchema,
  setAutoRenewResponseSchema,
} from '@cmp/contracts/subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import type { OperationDefinition } from '../platform/operations';
import { defineOperation } from '../platform/operations';
import { requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { withIdempotency } from '../platform/idempotency';
import { subscriptions } from '../platform/db/schema';
import { sendProvisioning } from '../provisioning/queue';
import { changeQuantity } from './subscriptionChanges';
import { auditHeldChange, mailHeldChange } from './changeRequestEffects';
import { subscriptionInfo, subscriptionOf } from './subscriptionQueries';
import { priceRuleLabelSeenBy, sellsTo } from '../platform/sellerSide';

// Subscriptions (issue 14): the service info of a Product account, quantity changes, auto-renew.
// Capabilities: reading needs PRODUCT_ACCOUNT Read (the Product account's type capability, as every
// account screen); changing the subscription's terms — its quantity, its auto-renew — needs
// SUBSCRIPTION Execute (acting on an existing subscription; PRODUCT_ACCOUNT Create is ordering a new
// one). The account must lie in the caller's hierarchy (403 otherwise, as for a missing id).

const READ_RULE: CapabilityRequirement = requirement('PRODUCT_ACCOUNT', ['Read']);
const CHANGE_RULE: CapabilityRequirement = requirement('SUBSCRIPTION', ['Execute']);

const getSubscription = defineOperation({
  service: 'IAccountService',
  operation: 'GetSubscription',
  readOnly: true,
  summary:
    "The subscription of a Product account in the caller's hierarchy (accountId): service, quantity (and a quantity change still being provisioned), term, billing frequency, prepaid, auto-renew, status, term start, minimum contract end date (the term end), lock period end date, price protection, the unit price kept for the term and the rule that priced it, the seat batches with the time each cancellation window closes, the changes scheduled for the renewal, the subscription's provisioning requests, and what the caller may do (CanChangeQuantity, CanSetAutoRenew). A non-Product account answers 400.",
  request: getSubscriptionRequestSchema,
  response: getSubscriptionResponseSchema,
  rule: READ_RULE,
  async handler(input, { db, caller, locale }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, READ_RULE);
    const may = isAllowed(caller.capabilities, CHANGE_RULE);
    const subscription = await subscriptionInfo(db, account, locale, { changeQuantity: may, setAutoRenew: may });
    // Its buyer sees the price it pays, not a rule over its seller's purchase price (platform/sellerSide.ts).
    return { Subscription: { ...subscription, PriceRule: priceRuleLabelSeenBy(subscription.PriceRule, sellsTo(caller, account)) } };
  },
});

const CHANGE_QUANTITY = 'IAccountService/ChangeSubscriptionQuantity';

const changeSubscriptionQuantity = defineOperation({
  service: 'IAccountService',
  operation: 'ChangeSubscriptionQuantity',
  keepsSessions: true,
  summary:
    'Changes the quantity of an Active subscription (Idempotency-Key honoured). An increase takes the credit check of an order (CreditCheck): above its company credit limit it waits in Request review as a change request (Outcome PendingApproval, CreditCheck.OrderId) and is made when approved; while it waits the subscription takes no other change (409). Otherwise an increase applies at once: a new seat batch with its own cancellation window, the added seats charged prorated by day to the term end (ProratedAmount, AmountKind Charge). A decrease applies at once only inside open cancellation windows and only down by the seats still refundable there, with a prorated refund; otherwise — or with schedule: true — it is scheduled for the renewal (ScheduledChange). A change applied at once drops the scheduled changes (DroppedScheduledChanges) and goes to the vendor as a Modify provisioning request. preview: true answers the same without writing anything. A quantity change still being provisioned answers 409.',
  request: changeSubscriptionQuantityRequestSchema,
  response: changeSubscriptionQuantityResponseSchema,
  rule: CHANGE_RULE,
  async handler(input, ctx) {
    const account = await requireAccountInHierarchy(ctx.db, ctx.caller, input.accountId, CHANGE_RULE);
    if (input.preview) return (await changeQuantity(ctx.db, account, input, ctx.caller.userAccount.id)).answer;
    // Refusals (not a subscription, not Active) before the key is claimed.
    await subscriptionOf(ctx.db, account);
    const answer = await withIdempotency(ctx, CHANGE_QUANTITY, input, async (tx) => {
      const { answer: changed } = await changeQuantity(tx, account, input, ctx.caller.userAccount.id);
      if (changed.Outcome === 'PendingApproval') {
        await auditHeldChange(tx, ctx, account, changed.CreditCheck!, { Kind: 'QuantityIncrease', PreviousQuantity: changed.PreviousQuantity, Quantity: changed.Quantity });
        return changed;
      }
      await auditAccountChange(tx, ctx, changed.Outcome === 'Applied' ? 'SubscriptionQuantityChanged' : 'SubscriptionQuantityChangeScheduled', account, {
        Service: account.displayName,
        PreviousQuantity: changed.PreviousQuantity,
        Quantity: changed.Quantity,
        ProratedAmount: changed.ProratedAmount,
        AmountKind: changed.AmountKind,
        Currency: changed.Currency,
        DroppedScheduledChanges: changed.DroppedScheduledChanges.map((c) => `${c.Kind}: ${c.Value}`),
      });
      return changed;
    });
    // After the commit (and again for a replayed answer: a job that runs twice changes nothing).
    if (answer.ProvisioningRequestId !== null) await sendProvisioning(ctx.request.server.jobs, [answer.ProvisioningRequestId]);
    await mailHeldChange(ctx, answer.CreditCheck);
    return answer;
  },
});

const setAutoRenew = defineOperation({
  service: 'IAccountService',
  operation: 'SetAutoRenew',
  keepsSessions: true,
  summary:
    "Sets what happens at the end of the subscription's term (accountId, autoRenew): 'Renew' starts a new term at the then-current price, 'Terminate' ends the subscription. A subscription that has ended (Terminated, Cancelled, Failed) answers 409.",
  request: setAutoRenewRequestSchema,
  response: setAutoRenewResponseSchema,
  rule: CHANGE_RULE,
  async handler(input, ctx) {
    const account = await requireAccountInHierarchy(ctx.db, ctx.caller, input.accountId, CHANGE_RULE);
    return ctx.db.transaction(async (tx) => {
      const { subscription } = await subscriptionOf(tx, account, true);
      const updated = await tx
        .update(subscriptions)
        .set({ autoRenew: input.autoRenew })
        .where(and(eq(subscriptions.accountId, account.id), inArray(subscriptions.status, ['Active', 'Provisioning', 'Suspended'])))
        .returning({ id: subscriptions.accountId });
      if (!updated.length) throw new ApiError(409, 'subscription_not_active', { status: subscription.status });
      if (subscription.autoRenew !== input.autoRenew) {
        await auditAccountChange(tx, ctx, 'SubscriptionAutoRenewSet', account, { Service: account.displayName, AutoRenew: input.autoRenew, Previous: subscription.autoRenew });
      }
      return { AccountId: account.id, AutoRenew: input.autoRenew };
    });
  },
});

export const subscriptionOperations: OperationDefinition[] = [getSubscription, changeSubscriptionQuantity, setAutoRenew];
