import type { BillingIntervals, BillingRun, InvoiceFileTask, OnlineBill, OnlineBillLine } from '@cmp/contracts/billing';
import { installFakeFetch, type FakeResponse } from '../../../test/fakeFetch';

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

type Answer = (operation: string, body: Record<string, unknown>, init: RequestInit) => FakeResponse;

/** A fake server: `answer` gets the operation's name and its JSON body. */
export function fakeServer(answer: Answer) {
  const fetch = installFakeFetch((url, init) => answer(url.slice(url.lastIndexOf('/') + 1), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>, init));
  const calls = (operation: string) => fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => ({ body: JSON.parse(String(init?.body)) as Record<string, unknown>, headers: init?.headers as Record<string, string> }));
  return { fetch, calls };
}
