import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PROVISIONING_ACTION_OPERATIONS,
  type GetProvisioningRequestsRequest,
  type ProvisioningAction,
  type ProvisioningActionResponse,
  type ProvisioningRequestPage,
} from '@cmp/contracts/provisioning';
import { callOperation } from '../../platform/api/callOperation';

/** Every list of provisioning requests; an action invalidates them all. */
export const provisioningQueryKey = ['provisioningRequests'] as const;

/** While a request is on its way (Submitted, InProgress) the list looks again this often, so a retried request is seen to move on. */
const OPEN_POLL_MS = 2_000;

export const getProvisioningRequests = (request: GetProvisioningRequestsRequest, signal?: AbortSignal) =>
  callOperation<ProvisioningRequestPage>('IProvisioningService', 'GetProvisioningRequests', request, { suppressErrorToast: true, signal });

/** One page of requests; the previous page stays on screen while the next one loads. */
export function useProvisioningRequests(request: GetProvisioningRequestsRequest) {
  return useQuery({
    queryKey: [...provisioningQueryKey, request],
    queryFn: ({ signal }) => getProvisioningRequests(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.Requests.some((r) => r.OrderStatus === 'Submitted' || r.OrderStatus === 'InProgress') ? OPEN_POLL_MS : false),
  });
}

/** One action on a list of requests, answered per request (the screen shows each answer in its row). */
export const runProvisioningAction = (action: ProvisioningAction, requestList: number[]) =>
  callOperation<ProvisioningActionResponse>('IProvisioningService', PROVISIONING_ACTION_OPERATIONS[action], { requestList });
