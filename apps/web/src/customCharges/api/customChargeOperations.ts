import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type CreateCustomChargeRequest, type CustomCharge, type CustomChargePage, type GetCustomChargesRequest } from '@cmp/contracts/customCharges';
import { callOperation } from '../../platform/api/callOperation';

/** Everything the billing tab shows of one account; adding or deleting a charge invalidates it. */
export const customChargesQueryKey = (accountId: number) => ['customCharges', accountId] as const;

export const getCustomCharges = (request: GetCustomChargesRequest, signal?: AbortSignal) =>
  callOperation<CustomChargePage>('ICustomChargeService', 'GetCustomCharges', request, { suppressErrorToast: true, signal });

/** One page of an account's charges; the previous page stays on screen while the next one loads. */
export function useCustomCharges(request: GetCustomChargesRequest) {
  return useQuery({
    queryKey: [...customChargesQueryKey(request.accountId), 'page', request],
    queryFn: ({ signal }) => getCustomCharges(request, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Adds a charge. The Idempotency-Key is generated once per dialog opening (DESIGN.md "Commerce"):
 * a double click or a retry after a lost answer sends the same key and the server creates one charge.
 * The dialog shows the refusal itself, so no toast.
 */
export const createCustomCharge = (request: CreateCustomChargeRequest, idempotencyKey: string) =>
  callOperation<CustomCharge>('ICustomChargeService', 'CreateCustomCharge', request, { suppressErrorToast: true, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/** Deletes a pending charge; a refusal (already billed) is shown as an error toast (spec §8). */
export const deleteCustomCharge = (customChargeId: number) => callOperation<Record<string, never>>('ICustomChargeService', 'DeleteCustomCharge', { customChargeId });
