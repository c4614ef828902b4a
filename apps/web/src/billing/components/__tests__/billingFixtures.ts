import { HttpResponse } from 'msw';
import {
  billingRunSchema,
  getBillingRunsRequestSchema,
  getBillingRunsResponseSchema,
  getIntervalsRequestSchema,
  getIntervalsResponseSchema,
  getInvoiceGenerationTasksRequestSchema,
  getInvoiceGenerationTasksResponseSchema,
  getInvoiceRequestSchema,
  getInvoicesRequestSchema,
  getInvoicesResponseSchema,
  getOnlineBillRequestSchema,
  getOnlineBillResponseSchema,
  invoiceFileTaskSchema,
  invoiceSchema,
  requestInvoiceGenerationRequestSchema,
  runBillingRequestSchema,
  type BillingIntervals,
  type BillingRun,
  type InvoiceFileTask,
  type OnlineBill,
  type OnlineBillLine,
} from '@cmp/contracts/billing';
import { callsTo, operation, type OperationName } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';

/** Contoso's months: November still running, October and September closed. */
export const intervals: BillingIntervals = {
  Intervals: [
    { IntervalId: '2026-11', StartDate: '2026-11-01', EndDate: '2026-11-30', IsClosed: false, HasInvoices: false },
    { IntervalId: '2026-10', StartDate: '2026-10-01', EndDate: '2026-10-31', IsClosed: true, HasInvoices: false },
    { IntervalId: '2026-09', StartDate: '2026-09-01', EndDate: '2026-09-30', IsClosed: true, HasInvoices: true },
  ],
  Currency: 'GBP',
  TimeZone: 'Europe/London',
};

export const line: OnlineBillLine = {
  InvoiceId: 41,
  InvoiceNumber: 'INV-3-7',
  Direction: 'Sale',
  SellerAccountId: 3,
  SellerName: 'Northwind',
  CustomerAccountId: 57,
  CustomerName: 'Contoso Ltd',
  SubscriptionAccountId: 900,
  ProductName: 'NIMBUS_ENDPOINT',
  Description: 'Nimbus Endpoint Protection – Contoso',
  Reason: 'Recurring',
  PeriodStart: '2026-10-01',
  PeriodEnd: '2026-11-01',
  Quantity: 400,
  UnitPrice: '2.50',
  Amount: '1000.00',
  Currency: 'GBP',
  PriceRule: null,
  PurchaseAmount: '800.00',
  Margin: '200.00',
};

export const bill = (more: Partial<OnlineBill> = {}): OnlineBill => ({
  IntervalId: '2026-10',
  StartDate: '2026-10-01',
  EndDate: '2026-10-31',
  Currency: 'GBP',
  Lines: [line],
  Total: 1,
  Totals: [{ Currency: 'GBP', Sales: '1000.00', Purchases: '0.00', Margin: '200.00' }],
  Customers: [],
  ...more,
});

export const run = (more: Partial<BillingRun> = {}): BillingRun => ({
  BillingRunId: 5,
  IntervalId: '2026-10',
  ScopeAccountId: 57,
  ScopeName: 'Contoso Ltd',
  Status: 'Running',
  StartedByName: 'Nora Winters',
  StartedAt: '2026-11-02T08:00:00.000Z',
  FinishedAt: null,
  InterruptedAt: null,
  PayersTotal: 4,
  PayersDone: 1,
  InvoicesCreated: 0,
  Error: null,
  ...more,
});

/** An invoice file task of Contoso's October, requested by the caller; Running by default. */
export const fileTask = (more: Partial<InvoiceFileTask> = {}): InvoiceFileTask => ({
  TaskId: 12,
  AccountId: 57,
  IntervalId: '2026-10',
  Status: 'Running',
  InvoicesTotal: 4,
  InvoicesDone: 1,
  EtaMinutes: 30,
  MailFailed: false,
  DownloadUrl: null,
  RequestedAt: '2026-11-02T08:00:00.000Z',
  FinishedAt: null,
  ...more,
});

/** The billing operations the cards call, each with the contract the server's operation definition names. */
const BILLING_CONTRACTS = {
  'IAccountService/GetIntervals': { request: getIntervalsRequestSchema, response: getIntervalsResponseSchema },
  'IAccountService/GetOnlineBill': { request: getOnlineBillRequestSchema, response: getOnlineBillResponseSchema },
  'IInvoiceBillingService/GetBillingRuns': { request: getBillingRunsRequestSchema, response: getBillingRunsResponseSchema },
  'IInvoiceBillingService/RunBilling': { request: runBillingRequestSchema, response: billingRunSchema },
  'IInvoiceBillingService/GetInvoices': { request: getInvoicesRequestSchema, response: getInvoicesResponseSchema },
  'IInvoiceBillingService/GetInvoice': { request: getInvoiceRequestSchema, response: invoiceSchema },
  'IInvoiceBillingService/GetInvoiceGenerationTasks': { request: getInvoiceGenerationTasksRequestSchema, response: getInvoiceGenerationTasksResponseSchema },
  'IInvoiceBillingService/RequestInvoiceGeneration': { request: requestInvoiceGenerationRequestSchema, response: invoiceFileTaskSchema },
} as const;
type BillingOperation = keyof typeof BILLING_CONTRACTS extends `${string}/${infer Name}` ? Name : never;

const nameOf = (billingOperation: string) => Object.keys(BILLING_CONTRACTS).find((name) => name.endsWith(`/${billingOperation}`)) as OperationName;

/** An answer: the body (held to the operation's response schema), or an error status with its body. */
interface BillingAnswer {
  status?: number;
  body: unknown;
}
type Answer = (operation: BillingOperation, body: Record<string, unknown>) => BillingAnswer;

/**
 * The billing operations behind their contracts: `answer` gets the operation's name and the body as
 * the request schema parsed it; what it answers must pass the response schema.
 */
export function fakeServer(answer: Answer) {
  apiServer.use(
    ...Object.entries(BILLING_CONTRACTS).map(([name, contract]) =>
      operation(name as OperationName, contract as { request: typeof contract.request; response: typeof contract.response }, (body) => {
        const { status = 200, body: answerBody } = answer(name.slice(name.indexOf('/') + 1) as BillingOperation, body as Record<string, unknown>);
        return status >= 400 ? HttpResponse.json(answerBody as Record<string, unknown>, { status }) : (answerBody as never);
      }),
    ),
  );
  const calls = (billingOperation: BillingOperation) => callsTo(nameOf(billingOperation)).map(({ body, headers }) => ({ body: body as Record<string, unknown>, headers }));
  return { calls };
}
