import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AuditAction } from '@cmp/contracts/audit';
import type { ProvisioningAction, ProvisioningActionResult, ProvisioningOrderStatus } from '@cmp/contracts/provisioning';
import { provisioningActionAllowed } from '@cmp/contracts/provisioning';
import { accounts, products, provisioningRequests } from '../platform/db/schema';
import { writeAudit, requestMeta } from '../platform/audit';
import { translateMessage, type MessageKey } from '../platform/i18n/messages';
import type { SignedInContext } from '../platform/operations';
import { pathIds } from '../platform/session';
import { loadPlatformBranding } from '../branding/brandingRoutes';
import { nearestSupportDetails } from '../support/supportDetailsQueries';
import { applyProvisioningOutcome } from '../subscriptions/subscriptionStatus';
import { provisioningRequeueValues, sendProvisioning } from './queue';
import { mayActOn, requestCompany } from './provisioningList';
import { visibleProvisioningRequests } from './provisioningQueries';

// The hand actions on provisioning requests (issue 14, spec §4 "Provisioning actions"): cancel,
// complete, escalate, resubmit, retry — on a list of requests, answered per request. The allowed
// states are PROVISIONING_ACTION_TABLE (packages/contracts/src/provisioning.ts, ACTIONS.md); each
// request is changed in a transaction of its own by an UPDATE conditional on the status read (and,
// for escalate, on not being escalated yet), so of two racing clicks one changes the request and
// the other answers Conflict. Cancel and complete move the subscription in the same transaction;
// retry and resubmit send the provisioning job, escalate the e-mail, after the commit.

/**
 * The audit actions of the hand actions. They are not yet in AUDIT_ACTIONS
 * (packages/contracts/src/audit.ts, not this area's file): the lead adds them with their labels
 * (see ACTIONS.md); until then the cast keeps the audit entry written under this name.
 */
export const PROVISIONING_AUDIT_ACTIONS: Record<ProvisioningAction, AuditAction> = {
  cancel: 'ProvisioningRequestCancelled',
  complete: 'ProvisioningRequestCompleted',
  escalate: 'ProvisioningRequestEscalated',
  resubmit: 'ProvisioningRequestResubmitted',
  retry: 'ProvisioningRequestRetried',
};

type RequestRow = typeof provisioningRequests.$inferSelect;

/** The product status a request completed by hand is left in: what its action makes of the subscription. */
const COMPLETED_PRODUCT_STATUS: Record<string, string> = { Create: 'Active', Modify: 'Active', Resume: 'Active', Suspend: 'Suspended', Terminate: 'Terminated' };

/** The values an allowed action writes. */
function valuesFor(action: ProvisioningAction, request: RequestRow, actorId: number, now: Date): Partial<typeof provisioningRequests.$inferInsert> {
  const common = { lastAction: action, lastActionByAccountId: actorId, lastActionAt: now, updatedAt: now };
  switch (action) {
    case 'retry':
      // A request the vendor never accepted is sent now: its send date becomes the new one (the
      // job also paces its polling by how long the request has been at the vendor since then).
      return { ...provisioningRequeueValues(request, action, now), ...(request.vendorRequestId ? {} : { sendDate: null }), ...common };
    case 'resubmit':
      return { ...provisioningRequeueValues(request, action, now), ...common };
    case 'complete':
      return { ...common, orderStatus: 'Completed', productStatus: COMPLETED_PRODUCT_STATUS[request.action] ?? 'Active', isFinalStatus: true, nextAttemptAt: null };
    case 'cancel':
      return { ...common, orderStatus: 'Cancelled', productStatus: 'Cancelled', isFinalStatus: true, nextAttemptAt: null };
    case 'escalate':
      return { ...common, escalatedAt: now, escalatedByAccountId: actorId };
  }
}

// Outcome texts live in messages/provisioning (MessageKey names errors, rules, mails and chat texts only).
const say = (ctx: SignedInContext, key: string, params: Record<string, string>) => translateMessage(ctx.locale, key as MessageKey, params);

interface Loaded {
  request: RequestRow;
  companyId: number;
  companyPath: string;
  companyName: string;
  serviceName: string;
}

async function loadVisible(ctx: SignedInContext, requestId: number): Promise<Loaded | undefined> {
  const [row] = await ctx.db
    .select({ request: provisioningRequests, companyId: requestCompany.id, companyPath: requestCompany.path, companyName: requestCompany.displayName, serviceName: products.displayName })
    .from(provisioningRequests)
    .innerJoin(requestCompany, eq(requestCompany.id, provisioningRequests.companyAccountId))
    .innerJoin(products, eq(products.name, provisioningRequests.productName))
    .where(and(eq(provisioningRequests.id, requestId), visibleProvisioningRequests(ctx.caller, requestCompany)))
    .limit(1);
  return row;
}

interface AfterCommit {
  enqueue?: number;
  escalation?: Loaded;
}

/** One action on one request: the answer for it, and what to do once its transaction has committed. */
async function actOnOne(ctx: SignedInContext, action: ProvisioningAction, requestId: number): Promise<{ result: ProvisioningActionResult; after: AfterCommit }> {
  const id = String(requestId);
  const loaded = await loadVisible(ctx, requestId);
  if (!loaded) return { result: { RequestId: requestId, Outcome: 'NotFound', Message: say(ctx, 'provisioning_not_found', { id }), OrderStatus: null }, after: {} };
  const { request } = loaded;
  const status = request.orderStatus as ProvisioningOrderStatus;
  const refused = (key: string) => ({ result: { RequestId: requestId, Outcome: 'NotAllowed' as const, Message: say(ctx, key, { id, status }), OrderStatus: status }, after: {} });
  if (!mayActOn(ctx.caller, { companyPath: loaded.companyPath, createdByAccountId: request.createdByAccountId })) return refused('provisioning_not_permitted');
  if (!provisioningActionAllowed(action, { OrderStatus: status, IsFinalStatus: request.isFinalStatus, Escalated: request.escalatedAt !== null })) {
    return refused(action === 'escalate' && request.escalatedAt !== null && !request.isFinalStatus && status === 'Failed' ? 'provisioning_already_escalated' : 'provisioning_not_allowed');
  }

  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(provisioningRequests)
      .set(valuesFor(action, request, ctx.caller.userAccount.id, now))
      .where(
        and(
          eq(provisioningRequests.id, request.id),
          eq(provisioningRequests.orderStatus, request.orderStatus),
          eq(provisioningRequests.isFinalStatus, false),
          action === 'escalate' ? isNull(provisioningRequests.escalatedAt) : undefined,
        ),
      )
      .returning({ orderStatus: provisioningRequests.orderStatus });
    if (!changed.length) return undefined;
    if (action === 'complete') await applyProvisioningOutcome(tx, request, 'completed');
    if (action === 'cancel') await applyProvisioningOutcome(tx, request, 'cancelled');
    await writeAudit(
      tx,
      ctx.caller,
      {
        action: PROVISIONING_AUDIT_ACTIONS[action],
        accountId: loaded.companyId,
        accountPath: loaded.companyPath,
        details: { RequestId: request.id, Action: action, RequestAction: request.action, Service: request.productName, FromStatus: status, ToStatus: changed[0]!.orderStatus, ErrorMessage: request.errorMessage },
      },
      requestMeta(ctx.request),
    );
    return changed[0]!.orderStatus as ProvisioningOrderStatus;
  });

  if (!outcome) {
    const [now] = await ctx.db.select({ orderStatus: provisioningRequests.orderStatus }).from(provisioningRequests).where(eq(provisioningRequests.id, request.id));
    const current = (now?.orderStatus ?? status) as ProvisioningOrderStatus;
    return { result: { RequestId: requestId, Outcome: 'Conflict', Message: say(ctx, 'provisioning_conflict', { id, status: current }), OrderStatus: current }, after: {} };
  }
  return {
    result: { RequestId: requestId, Outcome: 'Done', Message: say(ctx, `provisioning_done_${action}`, { id }), OrderStatus: outcome },
    after: action === 'retry' || action === 'resubmit' ? { enqueue: request.id } : action === 'escalate' ? { escalation: loaded } : {},
  };
}

/** The support e-mail address of the reseller the company buys from (its nearest reseller's support details, inherited from above). */
async function resellerSupportEmail(ctx: SignedInContext, companyPath: string): Promise<string> {
  const ids = pathIds(companyPath);
  const resellers = ids.length ? await ctx.db.select({ path: accounts.path }).from(accounts).where(and(inArray(accounts.id, ids), eq(accounts.type, 'Reseller'))).orderBy(desc(accounts.path)) : [];
  const nearest = resellers.sort((a, b) => b.path.length - a.path.length)[0];
  const details = await nearestSupportDetails(ctx.db, nearest?.path ?? companyPath);
  return details.SupportTechnicalEmail.trim();
}

/** E-mails the escalation to the reseller's support contact; answers the address, or '' when none is set. */
async function sendEscalation(ctx: SignedInContext, loaded: Loaded): Promise<string> {
  const to = await resellerSupportEmail(ctx, loaded.companyPath);
  if (!to) return '';
  const { title } = await loadPlatformBranding(ctx.db);
  const user = ctx.caller.user;
  const actor = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const r = loaded.request;
  const params = {
    title,
    id: String(r.id),
    service: loaded.serviceName,
    customer: loaded.companyName,
    action: r.action,
    status: r.orderStatus,
    error: r.errorMessage ?? '—',
    sent: (r.sendDate ?? r.createdAt).toISOString(),
    actor,
    actorEmail: user.email,
  };
  await ctx.mailer.send({
    to,
    subject: translateMessage(ctx.locale, 'mail_provisioning_escalation_subject', params),
    text: translateMessage(ctx.locale, 'mail_provisioning_escalation_body', params),
  });
  return to;
}

/** Runs one action on every request of the list, in order, and answers per request. */
export async function runProvisioningAction(ctx: SignedInContext, action: ProvisioningAction, requestList: number[]): Promise<{ Results: ProvisioningActionResult[] }> {
  const results: ProvisioningActionResult[] = [];
  for (const requestId of requestList) {
    const { result, after } = await actOnOne(ctx, action, requestId);
    if (after.enqueue !== undefined) await sendProvisioning(ctx.request.server.jobs, [after.enqueue]);
    if (after.escalation) {
      const to = await sendEscalation(ctx, after.escalation);
      result.Message = to ? say(ctx, 'provisioning_done_escalate', { id: String(requestId), contact: to }) : say(ctx, 'provisioning_done_escalate_no_contact', { id: String(requestId) });
    }
    results.push(result);
  }
  return { Results: results };
}
