import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BackgroundJobs, GetOutboxMailsRequest, OutboxMailDetails, OutboxMailPage, SignedInSession, SsoProviderInUse } from '@cmp/contracts/adminConsole';
import type { GetDataChecksResponse } from '@cmp/contracts/dataChecks';
import { callOperation } from '../../platform/api/callOperation';

// The admin console's own operations (issue 17). Reads do not toast: each page shows its failure,
// a reseller's administrator the reason it is not theirs.
const SERVICE = 'IAdminConsoleService';
const quiet = (signal?: AbortSignal) => ({ suppressErrorToast: true, signal });
export const ADMIN_CONSOLE_QUERY_KEY = ['adminConsole'] as const;
/** Mails, jobs and sessions change on their own: their pages follow them while open. */
const LIVE_REFRESH_MS = 5_000;

export function useOutboxMails(request: GetOutboxMailsRequest) {
  return useQuery({
    queryKey: [...ADMIN_CONSOLE_QUERY_KEY, 'outbox', request],
    queryFn: ({ signal }) => callOperation<OutboxMailPage>(SERVICE, 'GetOutboxMails', request, quiet(signal)),
    placeholderData: keepPreviousData,
    // A resend's outcome, and mails queued meanwhile (an import's invitations), show without a reload.
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useOutboxMail(mailId: number | undefined) {
  return useQuery({
    queryKey: [...ADMIN_CONSOLE_QUERY_KEY, 'outboxMail', mailId],
    queryFn: ({ signal }) => callOperation<OutboxMailDetails>(SERVICE, 'GetOutboxMail', { mailId }, quiet(signal)),
    enabled: mailId !== undefined,
  });
}

export const resendOutboxMail = (mailId: number) => callOperation(SERVICE, 'ResendOutboxMail', { mailId });

export function useBackgroundJobs() {
  return useQuery({
    queryKey: [...ADMIN_CONSOLE_QUERY_KEY, 'jobs'],
    queryFn: ({ signal }) => callOperation<BackgroundJobs>(SERVICE, 'GetBackgroundJobs', {}, quiet(signal)),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export const retryBackgroundJob = (queue: string, jobId: string) => callOperation(SERVICE, 'RetryBackgroundJob', { queue, jobId });

export function useSignedInSessions() {
  return useQuery({
    queryKey: [...ADMIN_CONSOLE_QUERY_KEY, 'sessions'],
    queryFn: ({ signal }) => callOperation<{ Sessions: SignedInSession[] }>(SERVICE, 'GetSignedInSessions', {}, quiet(signal)),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export const endSignedInSession = (sessionId: string) => callOperation(SERVICE, 'EndSignedInSession', { sessionId });

export function useSsoProvidersInUse() {
  return useQuery({
    queryKey: [...ADMIN_CONSOLE_QUERY_KEY, 'ssoProviders'],
    queryFn: ({ signal }) => callOperation<{ Providers: SsoProviderInUse[] }>(SERVICE, 'GetSsoProvidersInUse', {}, quiet(signal)),
  });
}

/** The data checks (issue 30): run when the page opens, and again on demand (refetch). */
export function useDataChecks() {
  return useQuery({
    queryKey: [...ADMIN_CONSOLE_QUERY_KEY, 'dataChecks'],
    queryFn: ({ signal }) => callOperation<GetDataChecksResponse>(SERVICE, 'GetDataChecks', {}, quiet(signal)),
  });
}
