import { useQuery } from '@tanstack/react-query';
import type { GetOrdersRequest } from '../../orders/public';
import type { GetProvisioningRequestsRequest, ProvisioningRequestPage } from '@cmp/contracts/provisioning';
import type { ReportCell, ReportResult, RunReportRequest } from '@cmp/contracts/reporting';
import { callOperation } from '../../platform/api/callOperation';

// Issue 15: the dashboard's figures. Each is fetched on its own, so one failing leaves the others.
// A report run is recorded on the server (the frequent reports), so they are not fetched again
// behind the user's back: once per visit of the dashboard, and at most every few minutes.

const FIGURE_QUERY_KEY = ['dashboard', 'figures'] as const;
const FIGURE_STALE_MS = 5 * 60_000;
/** How many months the revenue chart shows, the current one included. */
export const REVENUE_MONTHS = 6;
export const ENDING_WITHIN_DAYS = 30;

const figureQuery = { staleTime: FIGURE_STALE_MS, refetchOnWindowFocus: false, retry: false } as const;
const runReport = (request: RunReportRequest, signal: AbortSignal) =>
  callOperation<ReportResult>('IReportingService', 'RunReport', { ...request, generateExcelFile: false }, { suppressErrorToast: true, signal });

const pad = (value: number) => String(value).padStart(2, '0');
/** The user's calendar day as YYYY-MM-DD. */
export const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** The month `back` months before `date` as YYYY-MM (the reports' Month). */
export const isoMonth = (date: Date, back = 0) => {
  const month = new Date(date.getFullYear(), date.getMonth() - back, 1);
  return `${month.getFullYear()}-${pad(month.getMonth() + 1)}`;
};

export interface MonthFigures {
  Currency: string;
  Revenue: number;
  Margin: number;
}

export interface RevenueFigures {
  /** The months of the chart, oldest first, YYYY-MM; the last one is the current month. */
  months: string[];
  /** The current month's figures per currency, the largest revenue first. */
  current: MonthFigures[];
  /** Per month of `months`, its figures per currency. */
  byMonth: Record<string, MonthFigures[]>;
}

/** Reads RevenueByMonth's rows (cells in the order of Columns) into figures per month and currency. */
export function revenueFigures(result: ReportResult, today: Date): RevenueFigures {
  const index = (name: string) => result.Columns.findIndex((column) => column.Name === name);
  const [month, currency, revenue, margin] = ['Month', 'Currency', 'Revenue', 'Margin'].map(index) as [number, number, number, number];
  const cell = (row: ReportCell[], at: number) => (at < 0 ? null : (row[at] ?? null));
  const months = Array.from({ length: REVENUE_MONTHS }, (_, back) => isoMonth(today, REVENUE_MONTHS - 1 - back));
  const byMonth: Record<string, MonthFigures[]> = Object.fromEntries(months.map((m) => [m, []]));
  for (const row of result.Rows) {
    const figures = byMonth[String(cell(row, month))];
    if (!figures) continue;
    figures.push({ Currency: String(cell(row, currency) ?? ''), Revenue: Number(cell(row, revenue) ?? 0), Margin: Number(cell(row, margin) ?? 0) });
  }
  for (const figures of Object.values(byMonth)) figures.sort((a, b) => b.Revenue - a.Revenue || a.Currency.localeCompare(b.Currency));
  return { months, current: byMonth[months[months.length - 1]!] ?? [], byMonth };
}

/** RevenueByMonth over the last months, this one included (Reporting Read). */
export function useRevenueFigures(enabled: boolean) {
  return useQuery({
    queryKey: [...FIGURE_QUERY_KEY, 'revenue'],
    queryFn: async ({ signal }) => {
      const today = new Date();
      const from = new Date(today.getFullYear(), today.getMonth() - (REVENUE_MONTHS - 1), 1);
      const result = await runReport(
        {
          reportName: 'RevenueByMonth',
          paremeterFields: [{ name: 'period', value: `${isoDay(from)}/${isoDay(today)}` }],
          sort: { column: 'Month', direction: 'asc' },
          pageSize: 200,
        },
        signal,
      );
      return revenueFigures(result, today);
    },
    enabled,
    ...figureQuery,
  });
}

/** The Pending orders the user may decide, as the Request review screen lists them (Credit Check Order Management Read). */
export function usePendingOrderCount(enabled: boolean) {
  return useQuery({
    queryKey: [...FIGURE_QUERY_KEY, 'pendingOrders'],
    queryFn: async ({ signal }) => {
      const request: GetOrdersRequest = { scope: 'Review', status: 'Pending', page: 0, pageSize: 1 };
      return (await callOperation<{ Total: number }>('IAccountService', 'GetOrders', request, { suppressErrorToast: true, signal })).Total;
    },
    enabled,
    ...figureQuery,
  });
}

/** The Failed provisioning requests the user may see, as the provisioning screen lists them (Failed Provisioning (Owned) Read). */
export function useFailedProvisioningCount(enabled: boolean) {
  return useQuery({
    queryKey: [...FIGURE_QUERY_KEY, 'failedProvisioning'],
    queryFn: async ({ signal }) => {
      const request: GetProvisioningRequestsRequest = { filter: { Status: 'Failed' }, page: 0, pageSize: 1 };
      return (await callOperation<ProvisioningRequestPage>('IProvisioningService', 'GetProvisioningRequests', request, { suppressErrorToast: true, signal })).Total;
    },
    enabled,
    ...figureQuery,
  });
}

/** The subscriptions whose commitment ends in the next 30 days (SubscriptionsEnding, Reporting Read). */
export function useEndingSubscriptionCount(enabled: boolean) {
  return useQuery({
    queryKey: [...FIGURE_QUERY_KEY, 'subscriptionsEnding'],
    queryFn: async ({ signal }) =>
      (await runReport({ reportName: 'SubscriptionsEnding', paremeterFields: [{ name: 'days', value: String(ENDING_WITHIN_DAYS) }], pageSize: 1 }, signal)).TotalCount,
    enabled,
    ...figureQuery,
  });
}
