import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  BillingIntervals,
  BillingRun,
  GetInvoicesRequest,
  GetOnlineBillRequest,
  Invoice,
  InvoiceFileTask,
  InvoiceSummary,
  OnlineBill,
  RequestInvoiceGenerationRequest,
  RunBillingRequest,
} from '@cmp/contracts/billing';
import { IDEMPOTENCY_KEY_HEADER } from '@cmp/contracts/customCharges';
import { callOperation } from '../../platform/api/callOperation';
import type { DownloadedFile } from '../../platform/files/saveDownload';

/**
 * Everything the billing tab shows of one account (intervals, online bill, invoices): a completed
 * billing run invalidates it all at once, since it adds invoices and closes what the bill shows.
 */
export const billingQueryKey = (accountId: number) => ['billing', accountId] as const;

// The cards show a refusal where it happened (spec §8), so the reads raise no toast.
const quiet = (signal?: AbortSignal) => ({ suppressErrorToast: true, signal });

export const getIntervals = (accountId: number, signal?: AbortSignal) => callOperation<BillingIntervals>('IAccountService', 'GetIntervals', { accountId }, quiet(signal));

export function useIntervals(accountId: number) {
  return useQuery({ queryKey: [...billingQueryKey(accountId), 'intervals'], queryFn: ({ signal }) => getIntervals(accountId, signal) });
}

export const getOnlineBill = (request: GetOnlineBillRequest, signal?: AbortSignal) => callOperation<OnlineBill>('IAccountService', 'GetOnlineBill', request, quiet(signal));

/** One page of an interval's bill; the previous page stays on screen while the next loads. Waits for an interval. */
export function useOnlineBill(request: GetOnlineBillRequest | undefined) {
  return useQuery({
    queryKey: [...billingQueryKey(request?.accountId ?? 0), 'onlineBill', request],
    queryFn: ({ signal }) => getOnlineBill(request!, signal),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
  });
}

export interface InvoicePage {
  Invoices: InvoiceSummary[];
  Total: number;
}

export const getInvoices = (request: GetInvoicesRequest, signal?: AbortSignal) => callOperation<InvoicePage>('IInvoiceBillingService', 'GetInvoices', request, quiet(signal));

export function useInvoices(request: GetInvoicesRequest) {
  return useQuery({
    queryKey: [...billingQueryKey(request.accountId), 'invoices', request],
    queryFn: ({ signal }) => getInvoices(request, signal),
    placeholderData: keepPreviousData,
  });
}

export const getInvoice = (invoiceId: number, signal?: AbortSignal) => callOperation<Invoice>('IInvoiceBillingService', 'GetInvoice', { invoiceId }, quiet(signal));

/** An issued invoice never changes (invoices are final), so one load per opening is plenty. */
export function useInvoice(accountId: number, invoiceId: number) {
  return useQuery({ queryKey: [...billingQueryKey(accountId), 'invoice', invoiceId], queryFn: ({ signal }) => getInvoice(invoiceId, signal), staleTime: Infinity });
}

/**
 * Starts the billing of a month. The Idempotency-Key is one per confirmation dialog (DESIGN.md
 * "Commerce"): a double click or a retry after a lost answer starts one run. The dialog shows a refusal.
 */
export const runBilling = (request: RunBillingRequest, idempotencyKey: string) =>
  callOperation<BillingRun>('IInvoiceBillingService', 'RunBilling', request, { suppressErrorToast: true, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export interface BillingRunPage {
  BillingRuns: BillingRun[];
  Total: number;
}

export const getBillingRuns = (accountId: number, signal?: AbortSignal) =>
  callOperation<BillingRunPage>('IInvoiceBillingService', 'GetBillingRuns', { accountId, page: 0, pageSize: 20 }, quiet(signal));

/** How often a running billing run is asked for its progress. */
export const BILLING_RUN_POLL_MS = 2_000;

/** The account's recent runs, asked every 2 s while `isPolling` (a run started here is still Running). */
export function useBillingRuns(accountId: number, isPolling: boolean) {
  return useQuery({
    queryKey: ['billingRuns', accountId],
    queryFn: ({ signal }) => getBillingRuns(accountId, signal),
    enabled: isPolling,
    refetchInterval: isPolling ? BILLING_RUN_POLL_MS : false,
  });
}

/** The invoice as a PDF in the reader's language (DownloadInvoice); a failure raises the usual toast. */
export const downloadInvoice = (invoiceId: number) => callOperation<DownloadedFile>('IInvoiceBillingService', 'DownloadInvoice', { invoiceId });

/** The month's online bill as an Excel workbook (ExportOnlineBill), with the switches the card shows. */
export const exportOnlineBill = (request: { accountId: number; billingInterval: string; hideIndirectPayments: boolean; groupByCustomers: boolean }) =>
  callOperation<DownloadedFile>('IAccountService', 'ExportOnlineBill', request);

/** The caller's own invoice file tasks of an account (not part of billingQueryKey: a billing run does not change them). */
export const invoiceFileTasksQueryKey = (accountId: number) => ['invoiceFileTasks', accountId] as const;

/** Asks for the month's invoices as PDFs in a ZIP, e-mailed as a link; the dialog shows a refusal ("No billing data for this period"). */
export const requestInvoiceGeneration = (request: RequestInvoiceGenerationRequest) =>
  callOperation<InvoiceFileTask>('IInvoiceBillingService', 'RequestInvoiceGeneration', request, { suppressErrorToast: true });

export const getInvoiceGenerationTasks = (accountId: number, signal?: AbortSignal) =>
  callOperation<{ Tasks: InvoiceFileTask[] }>('IInvoiceBillingService', 'GetInvoiceGenerationTasks', { accountId }, quiet(signal));

/** How often tasks still Queued or Running are asked for their progress. */
export const INVOICE_FILE_TASK_POLL_MS = 3_000;

export const isInvoiceFileTaskActive = (task: InvoiceFileTask) => task.Status === 'Queued' || task.Status === 'Running';

/** The caller's recent tasks for the account, newest first; asked every 3 s while any is still Queued or Running. */
export function useInvoiceFileTasks(accountId: number) {
  return useQuery({
    queryKey: invoiceFileTasksQueryKey(accountId),
    queryFn: ({ signal }) => getInvoiceGenerationTasks(accountId, signal),
    refetchInterval: (query) => (query.state.data?.Tasks.some(isInvoiceFileTaskActive) ? INVOICE_FILE_TASK_POLL_MS : false),
  });
}
