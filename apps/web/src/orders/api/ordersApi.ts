import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@cmp/contracts/customCharges';
import type {
  getCreditLimitResponseSchema,
  getOrderResponseSchema,
  getOrdersRequestSchema,
  getOrdersResponseSchema,
  orderDecisionResponseSchema,
  setCreditLimitResponseSchema,
} from '@cmp/contracts/orders';
import { callOperation } from '../../platform/api/callOperation';

export type GetOrdersRequest = z.input<typeof getOrdersRequestSchema>;
export type OrdersPage = z.infer<typeof getOrdersResponseSchema>;
export type OrderDetail = z.infer<typeof getOrderResponseSchema>['Order'];
export type OrderDecision = z.infer<typeof orderDecisionResponseSchema>;
export type CreditLimitStatus = z.infer<typeof getCreditLimitResponseSchema>;
export type CreditStatus = z.infer<typeof setCreditLimitResponseSchema>;
/** What the caller does with one order: the orderer cancels, an Account Manager approves or declines. */
export type OrderAction = 'Cancel' | 'Approve' | 'Decline';

const SERVICE = 'IAccountService';

/** Every list and detail of orders: a decision invalidates them all (both screens show the changed row). */
export const ordersQueryKey = ['orders'] as const;
export const creditLimitQueryKey = (companyAccountId: number) => ['creditLimit', companyAccountId] as const;

export const getOrders = (request: GetOrdersRequest, signal?: AbortSignal) => callOperation<OrdersPage>(SERVICE, 'GetOrders', request, { suppressErrorToast: true, signal });

/** One page of orders ('Company': the caller's hierarchy; 'Review': those waiting for the caller's decision). */
export function useOrders(request: GetOrdersRequest) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'page', request],
    queryFn: ({ signal }) => getOrders(request, signal),
    placeholderData: keepPreviousData,
  });
}

/** One order with its price lines (the details dialog). */
export function useOrder(orderId: number | undefined) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'detail', orderId],
    queryFn: ({ signal }) => callOperation<{ Order: OrderDetail }>(SERVICE, 'GetOrder', { orderId }, { suppressErrorToast: true, signal }),
    enabled: orderId !== undefined,
  });
}

const ACTION_OPERATIONS: Record<OrderAction, string> = {
  Cancel: 'CancelCreditCheckOrder',
  Approve: 'ApproveCreditCheckOrder',
  Decline: 'DeclineCreditCheckOrder',
};

/**
 * Decides one order. The Idempotency-Key belongs to the user's intent (DESIGN.md "Commerce"): a
 * retry of the same decision sends the same key, so nothing happens twice. A 409 (someone decided
 * first) rejects with an ApiError carrying the server's message; the caller shows it, no toast.
 */
export const decideOrder = (action: OrderAction, orderId: number, reason: string, idempotencyKey: string) =>
  callOperation<OrderDecision>(SERVICE, ACTION_OPERATIONS[action], reason ? { orderId, reason } : { orderId }, {
    suppressErrorToast: true,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** A company's credit limit, open balance and whether the caller may change the limit. */
export function useCreditLimit(companyAccountId: number) {
  return useQuery({
    queryKey: creditLimitQueryKey(companyAccountId),
    queryFn: ({ signal }) => callOperation<CreditLimitStatus>(SERVICE, 'GetCreditLimit', { companyAccountId }, { suppressErrorToast: true, signal }),
  });
}

/** Sets (a decimal string) or removes (null) a company's credit limit; the dialog shows a refusal itself. */
export const setCreditLimit = (companyAccountId: number, creditLimit: string | null) =>
  callOperation<CreditStatus>(SERVICE, 'SetCreditLimit', { companyAccountId, creditLimit }, { suppressErrorToast: true });
