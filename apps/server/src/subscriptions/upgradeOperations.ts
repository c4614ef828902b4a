import { isAllowed, requirement, type CapabilityRequirement, type SecurityRule } from '@cmp/contracts/capabilities';
import { getUpgradeOptionsRequestSchema, getUpgradeOptionsResponseSchema, upgradeRequestSchema, upgradeResultSchema, type UpgradeResult } from '@cmp/contracts/upgrades';
import { defineOperation, type OperationDefinition, type SignedInContext } from '../platform/operations';
import { requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange, requestMeta } from '../platform/audit';
import { withIdempotency } from '../platform/idempotency';
import { sendProvisioning } from '../provisioning/queue';
import { subscriptionOf } from './subscriptionQueries';
import { upgradeOptions } from './upgradeOptions';
import { auditHeldChange, mailHeldChange } from './changeRequestEffects';
import { upgradeSubscription, type UpgradeActor } from './upgradeSubscription';
import { priceRuleLabelSeenBy, sellsTo } from '../platform/sellerSide';
import type { AccountRow, CallerSession } from '../platform/session';

// The upgrade wizard's operations (issue 14 "Upgrade wizard"; spec §7 upgrade (targetProductName,
// targetAccountId, viewValues, upgradeProcessId, subId)). Reading the options needs PRODUCT_ACCOUNT
// Read, as the subscription's page; upgrading changes the subscription (SUBSCRIPTION Execute, as a
// quantity change) and may make a new one (PRODUCT_ACCOUNT Create, as ordering). The subscription must
// lie in the caller's hierarchy (403 otherwise, as for a missing id).

const READ_RULE: CapabilityRequirement = requirement('PRODUCT_ACCOUNT', ['Read']);
const CHANGE_RULE: CapabilityRequirement = requirement('SUBSCRIPTION', ['Execute']);
const UPGRADE_RULE: SecurityRule = { all: [CHANGE_RULE, requirement('PRODUCT_ACCOUNT', ['Create'])] };

const actorOf = (ctx: SignedInContext): UpgradeActor => ({
  caller: ctx.caller,
  actorAccountId: ctx.caller.userAccount.id,
  locale: ctx.locale,
  meta: requestMeta(ctx.request),
  audit: async () => undefined,
});

/** An upgrade's answer as the caller may see it: its buyer gets no rule over the seller's purchase price (platform/sellerSide.ts). */
function upgradeSeenBy(caller: CallerSession, account: AccountRow, answer: UpgradeResult): UpgradeResult {
  const sellerSide = sellsTo(caller, account);
  const side = (seen: UpgradeResult['Source']) => ({ ...seen, PriceRule: priceRuleLabelSeenBy(seen.PriceRule, sellerSide) });
  return { ...answer, Source: side(answer.Source), Target: side(answer.Target) };
}

const getUpgradeOptions = defineOperation({
  service: 'IAccountService',
  operation: 'GetUpgradeOptions',
  readOnly: true,
  summary:
    "What the subscription of a Product account in the caller's hierarchy (accountId) may be upgraded to: the source's terms and its latest open cancellation window, and per upgrade path (UpgradeProcessId) of its service to a service the customer may order: the kind (Upgrade at once, Downgrade at the term end), the current price for the source's term, whether the service offers that term, and the Active subscriptions of that service under the same account that the upgrade may increase instead. CanUpgrade and Blocker say whether it can be upgraded now.",
  request: getUpgradeOptionsRequestSchema,
  response: getUpgradeOptionsResponseSchema,
  rule: READ_RULE,
  async handler(input, { db, caller, locale }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, READ_RULE);
    const answer = await upgradeOptions(db, account, locale, isAllowed(caller.capabilities, UPGRADE_RULE));
    const sellerSide = sellsTo(caller, account);
    return { ...answer, Options: answer.Options.map((option) => ({ ...option, PriceRule: priceRuleLabelSeenBy(option.PriceRule, sellerSide) })) };
  },
});

const previewUpgrade = defineOperation({
  service: 'IAccountService',
  operation: 'PreviewUpgrade',
  readOnly: true,
  summary:
    "What Upgrade would do with the same request, writing nothing (the wizard's overview): the upgrade type (Full: every seat moves, the source ends; Partial: the source keeps the rest), the outcome (Applied now, or Scheduled for the term end for a downgrade), both subscriptions' quantities before and after, the price the target keeps or takes with its rule, its term, end date and cancellation window, and the scheduled changes the upgrade drops.",
  request: upgradeRequestSchema,
  response: upgradeResultSchema,
  rule: UPGRADE_RULE,
  async handler(input, ctx) {
    const account = await requireAccountInHierarchy(ctx.db, ctx.caller, input.subId, CHANGE_RULE);
    return upgradeSeenBy(ctx.caller, account, await upgradeSubscription(ctx.db, actorOf(ctx), account, input, true));
  },
});

const UPGRADE = 'IAccountService/Upgrade';

const upgrade = defineOperation({
  service: 'IAccountService',
  operation: 'Upgrade',
  keepsSessions: true,
  summary:
    "Upgrades the subscription subId along the upgrade path upgradeProcessId to targetProductName (Idempotency-Key honoured): into a new subscription (targetAccountId null: it keeps the source's term, billing frequency and end date and takes the current price; a partial upgrade's inherits the source's cancellation window) or into the existing Active subscription targetAccountId (it keeps its price); quantity seats move (all when absent: a full upgrade ends the source; fewer: a partial one decreases it). The vendor gets a Create or Modify for the target and a Terminate or Modify for the source. A downgrade path is scheduled for the source's term end, where the renewal makes it. An upgrade that raises the company's charges takes the credit check of an order (CreditCheck): above the limit it waits in Request review (Outcome PendingApproval, CreditCheck.OrderId) and is made when approved. The same answer as PreviewUpgrade, with the accounts and the provisioning requests made.",
  request: upgradeRequestSchema,
  response: upgradeResultSchema,
  rule: UPGRADE_RULE,
  async handler(input, ctx) {
    const account = await requireAccountInHierarchy(ctx.db, ctx.caller, input.subId, CHANGE_RULE);
    // Refusals (not a subscription) before the key is claimed.
    await subscriptionOf(ctx.db, account);
    const answer = await withIdempotency(ctx, UPGRADE, input, async (tx) => {
      const upgraded = await upgradeSubscription(tx, { ...actorOf(ctx), audit: (action, target, details) => auditAccountChange(tx, ctx, action, target, details) }, account, input, false);
      if (upgraded.Outcome === 'PendingApproval') {
        await auditHeldChange(tx, ctx, account, upgraded.CreditCheck!, { Kind: 'Upgrade', Service: upgraded.Target.ProductName, Quantity: upgraded.Target.QuantityAfter - upgraded.Target.QuantityBefore });
      }
      return upgraded;
    });
    // After the commit (and again for a replayed answer: a job that runs twice changes nothing).
    await sendProvisioning(ctx.request.server.jobs, answer.ProvisioningRequestIds);
    await mailHeldChange(ctx, answer.CreditCheck);
    return upgradeSeenBy(ctx.caller, account, answer);
  },
});

export const upgradeOperations: OperationDefinition[] = [getUpgradeOptions, previewUpgrade, upgrade];
