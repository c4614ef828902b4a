import {
  PROVISIONING_ACTION_OPERATIONS,
  PROVISIONING_ACTIONS,
  getProvisioningRequestsRequestSchema,
  getProvisioningRequestsResponseSchema,
  provisioningActionRequestSchema,
  provisioningActionResponseSchema,
  type ProvisioningAction,
} from '@cmp/contracts/provisioning';
import { requireAccountInHierarchy } from '../platform/access';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { runProvisioningAction } from './provisioningActions';
import { actRule, listProvisioningRequests, readRule } from './provisioningList';

// IProvisioningService (issue 14): the provisioning requests of the caller's hierarchy and the actions on them.
// Reading: Failed Provisioning Read (hierarchy) or Failed Provisioning Owned Read (own requests);
// acting: Failed Provisioning Execute (hierarchy) or Failed Provisioning Owned Execute (own) —
// see provisioningList.ts. The allowed states of each action: ACTIONS.md.

const getProvisioningRequests = defineOperation({
  service: 'IProvisioningService',
  operation: 'GetProvisioningRequests',
  readOnly: true,
  summary:
    "The provisioning requests the caller may see (Failed Provisioning Read: the hierarchy's; Failed Provisioning Owned Read: the caller's own), newest first by default; optionally only those of an account's subtree or subscription (accountId, in the caller's hierarchy). Filter by Status, DateFrom/DateTo (send date, or creation while not sent), CustomerAccountId, Customer (name or vendor customer id), VendorAccountId and Text; sort (sortBy, sortDirection); page (page from 0, pageSize). Each request answers the actions the caller may take on it now (AllowedActions).",
  request: getProvisioningRequestsRequestSchema,
  response: getProvisioningRequestsResponseSchema,
  rule: readRule,
  async handler(input, { db, caller }) {
    const account = input.accountId === undefined ? undefined : await requireAccountInHierarchy(db, caller, input.accountId);
    // A customer named by id must lie in the caller's hierarchy too: a foreign one answers 403 like a missing one.
    if (input.filter.CustomerAccountId !== undefined) await requireAccountInHierarchy(db, caller, input.filter.CustomerAccountId);
    return listProvisioningRequests(db, caller, input, account);
  },
});

const SUMMARIES: Record<ProvisioningAction, string> = {
  cancel: 'Cancels provisioning requests (requestList) that are Submitted or Failed and not final: Cancelled and final; a new subscription that was waiting for it becomes Cancelled.',
  complete: 'Marks provisioning requests (requestList) that are Failed or InProgress and not final as Completed (final), after they were done at the vendor by other means; the subscription follows (e.g. Active).',
  escalate: "Escalates Failed, not final, not yet escalated provisioning requests (requestList): records who escalated and when and e-mails the reseller's support contact (its support details' technical e-mail).",
  resubmit: 'Resubmits Failed, not final provisioning requests (requestList) as a new submission with a new vendor idempotency key (after the cause of a refusal is fixed); the provisioning job sends them again.',
  retry: 'Retries Failed, not final provisioning requests (requestList) with the same submission and idempotency key, so the vendor never provisions twice; the provisioning job sends (or polls) them again.',
};

const actionOperations = PROVISIONING_ACTIONS.map((action) =>
  defineOperation({
    service: 'IProvisioningService',
    operation: PROVISIONING_ACTION_OPERATIONS[action],
    keepsSessions: true,
    summary: `${SUMMARIES[action]} Answers per request: Done, NotAllowed (its status does not allow it, or the caller may not act on it), NotFound (no such request the caller may see) or Conflict (changed by someone else meanwhile).`,
    request: provisioningActionRequestSchema,
    response: provisioningActionResponseSchema,
    rule: actRule,
    handler: (input, ctx) => runProvisioningAction(ctx, action, input.requestList),
  }),
);

export const provisioningOperations: OperationDefinition[] = [getProvisioningRequests, ...actionOperations];
