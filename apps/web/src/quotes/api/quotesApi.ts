import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@cmp/contracts/customCharges';
import type { AvailableService } from '@cmp/contracts/orders';
import type { AccountSearchResult } from '@cmp/contracts/search';
import type { AcceptQuoteRequest, GetQuotesRequest, QuoteDetail, SaveQuoteRequest, getQuotesResponseSchema } from '@cmp/contracts/salesQuotes';
import { callOperation } from '../../platform/api/callOperation';

export type QuotesPage = z.infer<typeof getQuotesResponseSchema>;

const SERVICE = 'ISalesQuoteService';

/** Every list and detail of quotes: a change invalidates them all. */
export const quotesQueryKey = ['quotes'] as const;

export function useQuotes(request: GetQuotesRequest) {
  return useQuery({
    queryKey: [...quotesQueryKey, 'page', request],
    queryFn: ({ signal }) => callOperation<QuotesPage>(SERVICE, 'GetQuotes', request, { suppressErrorToast: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useQuote(quoteId: number | undefined) {
  return useQuery({
    queryKey: [...quotesQueryKey, 'detail', quoteId],
    queryFn: ({ signal }) => callOperation<{ Quote: QuoteDetail }>(SERVICE, 'GetQuote', { quoteId }, { suppressErrorToast: true, signal }).then((answer) => answer.Quote),
    enabled: quoteId !== undefined,
  });
}

// Changes show their refusal where they happened (the dialog or a message), never as a second toast.
const quiet = { suppressErrorToast: true };

export const saveQuote = (request: SaveQuoteRequest) => callOperation<{ Quote: QuoteDetail }>(SERVICE, 'SaveQuote', request, quiet).then((answer) => answer.Quote);
export const sendQuote = (quoteId: number) => callOperation<{ Quote: QuoteDetail }>(SERVICE, 'SendQuote', { quoteId }, quiet).then((answer) => answer.Quote);
/** Accepting moves money: the key belongs to the user's click, so a retry of it places nothing twice. */
export const acceptQuote = (quoteId: number, idempotencyKey: string, lines: NonNullable<AcceptQuoteRequest['lines']> = []) =>
  callOperation<{ Quote: QuoteDetail }>(SERVICE, 'AcceptQuote', lines.length ? { quoteId, lines } : { quoteId }, { ...quiet, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).then((answer) => answer.Quote);
export const rejectQuote = (quoteId: number, reason: string) =>
  callOperation<{ Quote: QuoteDetail }>(SERVICE, 'RejectQuote', reason ? { quoteId, reason } : { quoteId }, quiet).then((answer) => answer.Quote);
export const deleteQuotes = (quoteIds: number[]) => callOperation<{ DeletedQuoteIds: number[] }>(SERVICE, 'DeleteQuotes', { quoteIds }, quiet);

/** The customer companies below the caller's company (the integration form of Search: no minimum length). */
export function useCustomerCompanies(parentAccountId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['quotes', 'customers', parentAccountId],
    queryFn: ({ signal }) =>
      callOperation<AccountSearchResult[]>('IAccountService', 'Search', { parentAccountId, accountType: 'Company', displayName: { Value: '' } }, { suppressErrorToast: true, signal }),
    enabled: enabled && parentAccountId !== undefined,
    staleTime: 60_000,
  });
}

/** The services a customer may order, with the headline price of its pricelist (what a quote offers). */
export function useCustomerServices(accountId: number | undefined) {
  return useQuery({
    queryKey: ['quotes', 'services', accountId],
    queryFn: ({ signal }) =>
      callOperation<{ Currency: string | null; Services: AvailableService[] }>('IAccountService', 'GetAvailableServices', { accountId, pageSize: 200 }, { suppressErrorToast: true, signal }),
    enabled: accountId !== undefined,
    staleTime: 60_000,
  });
}
