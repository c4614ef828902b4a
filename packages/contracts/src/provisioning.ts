import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { SORT_DIRECTIONS, pagingSchema } from './users';

// IProvisioningService (issue 14; spec §2 "/provisioning", §3 "Provisioning request", §4
// "Provisioning actions", §7 "Provisioning: requests with requestList"): the provisioning requests a
// caller may see and the hand actions on them — cancel, complete, escalate, resubmit, retry — one or
// many at once, each answered per request.

/** Ours (the server's schema keeps the same list): where a request stands on the marketplace's side. */
export const PROVISIONING_ORDER_STATUSES = ['Submitted', 'InProgress', 'Completed', 'Failed', 'Cancelled'] as const;
export type ProvisioningOrderStatus = (typeof PROVISIONING_ORDER_STATUSES)[number];

export const PROVISIONING_ACTIONS = ['cancel', 'complete', 'escalate', 'resubmit', 'retry'] as const;
export type ProvisioningAction = (typeof PROVISIONING_ACTIONS)[number];

/**
 * THE table of which hand action is allowed in which state (issue 14 "each allowed only in the
 * statuses where it makes sense"). The server enforces it (a conditional update on the status it
 * read, so of two racing clicks one wins and the other answers Conflict); the portal enables an
 * action only when every selected request allows it. Only requests that are not final qualify.
 *
 *   action    allowed in (not final)   afterwards
 *   retry     Failed                   Submitted (or InProgress when the vendor had accepted it): the
 *                                      same submission, the same idempotency key — never twice at the vendor
 *   resubmit  Failed                   Submitted: a new submission with a new key (after fixing the cause)
 *   complete  Failed, InProgress       Completed (final): done at the vendor by other means; the subscription follows
 *   cancel    Submitted, Failed        Cancelled (final): dropped; the subscription follows (a new one: Cancelled)
 *   escalate  Failed, not escalated    unchanged status; escalated (the reseller's support contact e-mailed)
 *
 * InProgress is not cancellable: the vendor is acting on it already, and stopping our side would
 * not stop the vendor's. Completed and Cancelled requests are final: nothing more can be done.
 */
export const PROVISIONING_ACTION_TABLE: Record<ProvisioningAction, { from: readonly ProvisioningOrderStatus[]; notEscalated?: true }> = {
  retry: { from: ['Failed'] },
  resubmit: { from: ['Failed'] },
  complete: { from: ['Failed', 'InProgress'] },
  cancel: { from: ['Submitted', 'Failed'] },
  escalate: { from: ['Failed'], notEscalated: true },
};

/** Whether the table allows `action` on a request in this state. */
export function provisioningActionAllowed(action: ProvisioningAction, request: { OrderStatus: ProvisioningOrderStatus; IsFinalStatus: boolean; Escalated: boolean }): boolean {
  const rule = PROVISIONING_ACTION_TABLE[action];
  if (request.IsFinalStatus || !rule.from.includes(request.OrderStatus)) return false;
  return !(rule.notEscalated && request.Escalated);
}

/** The actions the table allows on a request in this state. */
export const allowedProvisioningActions = (request: { OrderStatus: ProvisioningOrderStatus; IsFinalStatus: boolean; Escalated: boolean }): ProvisioningAction[] =>
  PROVISIONING_ACTIONS.filter((action) => provisioningActionAllowed(action, request));

export const PROVISIONING_SORT_FIELDS = ['SendDate', 'Service', 'Customer', 'Action', 'OrderStatus', 'ProductStatus', 'Escalated', 'RequestId'] as const;
export type ProvisioningSortField = (typeof PROVISIONING_SORT_FIELDS)[number];

/** An ISO date (2026-11-26) or date-time; a bare date means the whole day in UTC. */
const dateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'expected a date such as 2026-11-26')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'expected a date such as 2026-11-26');

export const getProvisioningRequestsRequestSchema = z
  .object({
    /** Only the requests of this account's subtree (or of this subscription), for /account/{id}/provisioning. */
    accountId: accountIdSchema.optional(),
    filter: z
      .object({
        Status: z.enum(PROVISIONING_ORDER_STATUSES).optional(),
        /** Sent (or, not yet sent, created) on or after this date. */
        DateFrom: dateSchema.optional(),
        /** Sent (or created) on or before this date (a bare date: up to its end). */
        DateTo: dateSchema.optional(),
        /** The customer company's account id. */
        CustomerAccountId: accountIdSchema.optional(),
        /** Part of the customer company's name or of the vendor's customer id, case-insensitive. */
        Customer: z.string().trim().max(100).optional(),
        /** The vendor account of the service. */
        VendorAccountId: accountIdSchema.optional(),
        /** Part of the service's name, the customer's name or the error message, case-insensitive. */
        Text: z.string().trim().max(100).optional(),
      })
      .strict()
      .default({}),
    sortBy: z.enum(PROVISIONING_SORT_FIELDS).default('SendDate'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
    ...pagingSchema,
  })
  .strict();
export type GetProvisioningRequestsRequest = z.input<typeof getProvisioningRequestsRequestSchema>;

export const provisioningRequestSchema = z.object({
  RequestId: z.number().int(),
  OrderId: z.number().int().nullable(),
  /** Create, Modify, Suspend, Resume or Terminate. */
  Action: z.string(),
  Quantity: z.number().int().nullable(),
  ServiceName: z.string(),
  ServiceDisplayName: z.string(),
  VendorAccountId: z.number().int().nullable(),
  VendorName: z.string().nullable(),
  CompanyAccountId: z.number().int(),
  CompanyName: z.string(),
  SubscriptionAccountId: z.number().int().nullable(),
  /** The vendor's id of the customer (its tenant). */
  CustomerId: z.string().nullable(),
  OrderStatus: z.enum(PROVISIONING_ORDER_STATUSES),
  /** The vendor's status of the product. */
  ProductStatus: z.string(),
  IsFinalStatus: z.boolean(),
  RollbackCompleted: z.boolean(),
  ErrorMessage: z.string().nullable(),
  /** ISO 8601, UTC. */
  SendDate: z.string().nullable(),
  CreatedAt: z.string(),
  EscalatedAt: z.string().nullable(),
  EscalatedByName: z.string().nullable(),
  LastAction: z.enum(PROVISIONING_ACTIONS).nullable(),
  LastActionAt: z.string().nullable(),
  LastActionByName: z.string().nullable(),
  /** What the caller may do with this request now: the action table and the caller's capabilities. */
  AllowedActions: z.array(z.enum(PROVISIONING_ACTIONS)),
});
export type ProvisioningRequest = z.infer<typeof provisioningRequestSchema>;

export const getProvisioningRequestsResponseSchema = z.object({
  Requests: z.array(provisioningRequestSchema),
  Total: z.number().int(),
  /** The vendors of the services of the requests the caller may see, for the vendor filter. */
  Vendors: z.array(z.object({ AccountId: z.number().int(), Name: z.string() })),
  /** Whether the caller may act at all (Failed Provisioning or Failed Provisioning Owned Execute). */
  CanAct: z.boolean(),
});
export type ProvisioningRequestPage = z.infer<typeof getProvisioningRequestsResponseSchema>;

/** At most this many requests in one bulk action. */
export const MAX_PROVISIONING_REQUEST_LIST = 100;

/** spec §7 "requests with requestList": the ids of the requests to act on. */
export const provisioningActionRequestSchema = z
  .object({
    requestList: z
      .array(z.number().int().positive())
      .min(1)
      .max(MAX_PROVISIONING_REQUEST_LIST)
      .refine((ids) => new Set(ids).size === ids.length, 'each request only once'),
  })
  .strict();
export type ProvisioningActionRequest = z.input<typeof provisioningActionRequestSchema>;

/**
 * Per request: Done; NotAllowed (its status does not allow the action, or the caller may not act on
 * it); NotFound (no such request the caller may see); Conflict (someone else changed it meanwhile).
 */
export const PROVISIONING_ACTION_OUTCOMES = ['Done', 'NotAllowed', 'NotFound', 'Conflict'] as const;
export type ProvisioningActionOutcome = (typeof PROVISIONING_ACTION_OUTCOMES)[number];

export const provisioningActionResultSchema = z.object({
  RequestId: z.number().int(),
  Outcome: z.enum(PROVISIONING_ACTION_OUTCOMES),
  /** In the caller's language. */
  Message: z.string(),
  /** The request's status after the action (null for NotFound). */
  OrderStatus: z.enum(PROVISIONING_ORDER_STATUSES).nullable(),
});
export type ProvisioningActionResult = z.infer<typeof provisioningActionResultSchema>;

export const provisioningActionResponseSchema = z.object({ Results: z.array(provisioningActionResultSchema) });
export type ProvisioningActionResponse = z.infer<typeof provisioningActionResponseSchema>;

/** The operation of each action. */
export const PROVISIONING_ACTION_OPERATIONS: Record<ProvisioningAction, string> = {
  cancel: 'CancelRequests',
  complete: 'CompleteRequests',
  escalate: 'EscalateRequests',
  resubmit: 'ResubmitRequests',
  retry: 'RetryRequests',
};
