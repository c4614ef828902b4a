import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Capability } from '@cmp/contracts/capabilities';
import type { ReportResult } from '@cmp/contracts/reporting';
import { createQueryClient } from '../../app/AppProviders';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { buildSessionUser, capability } from '../../test/buildSessionUser';
import { installFakeFetch, type FakeResponse } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { isoMonth } from '../api/useDashboardFigures';
import { DashboardFigures } from '../components/figures/DashboardFigures';

const operationOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
type Body = Record<string, unknown>;

const ALL = [
  capability('REPORTING', { Read: true }),
  capability('CREDIT_CHECK_ORDER_MANAGEMENT', { Read: true }),
  capability('FAILED_PROVISIONING', { Read: true }),
];

const column = (Name: string, Type: ReportResult['Columns'][number]['Type']) => ({ Name, TitleKey: '', Title: Name, Type, Sortable: true });
const REVENUE_COLUMNS = [column('Month', 'text'), column('Currency', 'text'), column('Invoices', 'number'), column('Revenue', 'money'), column('Cost', 'money'), column('Margin', 'money')];
const today = new Date();
/** RevenueByMonth: two months back in euros, this month in euros and pounds. */
const revenue = (rows: ReportResult['Rows'] = [
  [isoMonth(today, 2), 'EUR', 3, 900, 700, 200],
  [isoMonth(today), 'GBP', 1, 250.5, 200, 50.5],
  [isoMonth(today), 'EUR', 4, 1234.5, 1000, 234.5],
]): ReportResult => ({ Columns: REVENUE_COLUMNS, Rows: rows, TotalCount: rows.length, Chart: null });

function answer(operation: string, body: Body): FakeResponse {
  if (operation === 'RunReport' && body.reportName === 'RevenueByMonth') return { body: revenue() };
  if (operation === 'RunReport' && body.reportName === 'SubscriptionsEnding') return { body: { Columns: [], Rows: [], TotalCount: 7, Chart: null } };
  if (operation === 'GetOrders') return { body: { Orders: [], Total: 2 } };
  if (operation === 'GetProvisioningRequests') return { body: { Requests: [], Total: 3, Vendors: [], CanAct: true } };
  return { status: 404, body: { Message: 'Not found' } };
}

function renderFigures(capabilities: Capability[], respond: (operation: string, body: Body) => FakeResponse = answer) {
  const fetch = installFakeFetch((url, init) => respond(operationOf(url), JSON.parse(String(init.body ?? '{}')) as Body));
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  const rendered = renderWithProviders(<DashboardFigures />, { path: '/Dashboard', queryClient });
  const calls = () => fetch.mock.calls.map(([url, init]) => ({ operation: operationOf(String(url)), body: JSON.parse(String(init?.body ?? '{}')) as Body }));
  return { ...rendered, calls };
}

const money = (amount: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardFigures (issue 15)', () => {
  it('shows this month’s revenue and margin per currency and the counts, each card a link to its report or screen', async () => {
    const { calls } = renderFigures(ALL);
    const figures = screen.getByRole('region', { name: 'Key figures' });

    const revenueCard = within(figures).getByRole('region', { name: 'Revenue and margin this month' });
    const table = await within(revenueCard).findByRole('table', { name: 'Revenue and margin per currency' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['CurrencyRevenueMargin', `EUR${money(1234.5, 'EUR')}${money(234.5, 'EUR')}`, `GBP${money(250.5, 'GBP')}${money(50.5, 'GBP')}`]);
    expect(within(revenueCard).getByRole('link', { name: 'Revenue and margin this month' })).toHaveAttribute('href', '/reports/RevenueByMonth');
    expect(within(revenueCard).getByRole('figure', { name: 'Last 6 months in EUR' })).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Orders waiting for approval', description: '2' })).toHaveAttribute('href', '/orders/request-review');
    expect(await screen.findByRole('link', { name: 'Failed provisioning requests', description: '3' })).toHaveAttribute('href', '/provisioning');
    expect(await screen.findByRole('link', { name: 'Subscriptions ending in the next 30 days', description: '7' })).toHaveAttribute('href', '/reports/SubscriptionsEnding');

    const first = new Date(today.getFullYear(), today.getMonth() - 5, 1);
    const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    expect(calls()).toEqual(
      expect.arrayContaining([
        { operation: 'RunReport', body: expect.objectContaining({ reportName: 'RevenueByMonth', paremeterFields: [{ name: 'period', value: `${day(first)}/${day(today)}` }], generateExcelFile: false }) },
        { operation: 'RunReport', body: expect.objectContaining({ reportName: 'SubscriptionsEnding', paremeterFields: [{ name: 'days', value: '30' }], generateExcelFile: false }) },
        { operation: 'GetOrders', body: expect.objectContaining({ scope: 'Review', status: 'Pending' }) },
        { operation: 'GetProvisioningRequests', body: expect.objectContaining({ filter: { Status: 'Failed' } }) },
      ]),
    );
  });

  it('shows no card, and asks nothing, without the capabilities the figures need', () => {
    const { calls } = renderFigures([capability('LOGIN', { Execute: true })]);
    expect(screen.queryByRole('region', { name: 'Key figures' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('shows only the cards whose capability the user holds', async () => {
    const { calls } = renderFigures([capability('CREDIT_CHECK_ORDER_MANAGEMENT', { Read: true })]);
    expect(await screen.findByRole('link', { name: 'Orders waiting for approval', description: '2' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Revenue and margin this month' })).not.toBeInTheDocument();
    expect(calls().map((call) => call.operation)).toEqual(['GetOrders']);
  });

  it('keeps a failure inside its card, and says when nothing was billed this month', async () => {
    renderFigures(ALL, (operation, body) =>
      operation === 'RunReport' && body.reportName === 'SubscriptionsEnding'
        ? { status: 500, body: { Message: 'report_failed' } }
        : operation === 'RunReport'
          ? { body: revenue([[isoMonth(today, 1), 'EUR', 1, 100, 80, 20]]) }
          : answer(operation, body),
    );
    expect(await screen.findByRole('link', { name: 'Subscriptions ending in the next 30 days', description: 'This figure could not be loaded.' })).toBeInTheDocument();
    expect(await screen.findByText('No revenue billed this month yet.')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Last 6 months in EUR' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Orders waiting for approval', description: '2' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Failed provisioning requests', description: '3' })).toBeInTheDocument());
  });

  it('says so in the revenue card when its report fails', async () => {
    renderFigures([capability('REPORTING', { Read: true })], () => ({ status: 500, body: { Message: 'report_failed' } }));
    const revenueCard = screen.getByRole('region', { name: 'Revenue and margin this month' });
    expect(await within(revenueCard).findByText('This figure could not be loaded.')).toBeInTheDocument();
    expect(within(revenueCard).queryByRole('figure')).not.toBeInTheDocument();
  });
});
