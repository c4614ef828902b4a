import type {
  GetTerminationPreviewRequest,
  GetTerminationPreviewResponse,
  ListScheduledTerminationsRequest,
  ListScheduledTerminationsResponse,
  TerminateAccountsRequest,
  TerminateAccountsResponse,
} from '@cmp/contracts/accountLifecycle';
import { callOperation } from '../../../platform/api/callOperation';

export const TERMINATION_QUERY_KEY = ['account-lifecycle', 'termination'] as const;

/** `IAccountService/GetTerminationPreview`: what terminating the accounts would touch. */
export function getTerminationPreview(request: GetTerminationPreviewRequest, signal?: AbortSignal): Promise<GetTerminationPreviewResponse> {
  return callOperation<GetTerminationPreviewResponse>('IAccountService', 'GetTerminationPreview', request, { signal, suppressErrorToast: true });
}

/** `IAccountService/TerminateAccounts`: all the accounts, now or at the date, in one transaction. */
export function terminateAccounts(request: TerminateAccountsRequest): Promise<TerminateAccountsResponse> {
  return callOperation<TerminateAccountsResponse>('IAccountService', 'TerminateAccounts', request, { suppressErrorToast: true });
}

export function listScheduledTerminations(request: ListScheduledTerminationsRequest, signal?: AbortSignal): Promise<ListScheduledTerminationsResponse> {
  return callOperation<ListScheduledTerminationsResponse>('IAccountService', 'ListScheduledTerminations', request, { signal, suppressErrorToast: true });
}

export function cancelScheduledTermination(accountId: number): Promise<unknown> {
  return callOperation('IAccountService', 'CancelScheduledTermination', { accountId });
}
