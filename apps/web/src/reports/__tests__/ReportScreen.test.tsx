import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ReportScreen } from '../screens/ReportScreen';
import { definitions, operationOf, resultFor, type Answer } from './reportFixtures';

function renderScreen(reportId: string, answer: Answer) {
  const fetch = installFakeFetch((url, init) => answer(operationOf(url), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>));
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/reports/:reportId" element={<ReportScreen />} />
    </Routes>,
    { path: `/reports/${reportId}` },
  );
  const runs = () => fetch.mock.calls.filter(([url]) => operationOf(String(url)) === 'RunReport').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { ...rendered, runs, user: userEvent.setup() };
}

const serving: Answer = (operation, body) => (operation === 'GetReports' ? { body: definitions } : { body: resultFor(body) });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportScreen (/reports/{reportId})', () => {
  it('says "Report not found" for an unknown report, with the way back', async () => {
    renderScreen('NoSuchReport', serving);
    expect(await screen.findByRole('heading', { level: 1, name: 'Report not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to reports' })).toHaveAttribute('href', '/reports');
  });

  it('runs nothing until Run, then asks for the parameters, the shown columns, the sort and the first page', async () => {
    const { user, runs } = renderScreen('OrdersByStatus', serving);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders by status' })).toBeInTheDocument();
    expect(screen.getByLabelText('Period from')).toHaveValue('2025-11-28');
    expect(screen.getByLabelText('Period to')).toHaveValue('2026-11-27');
    expect(screen.getByText('Choose the parameters and select Run.')).toBeInTheDocument();
    expect(runs()).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Pending' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const table = await screen.findByRole('table', { name: 'Result' });
    expect(runs()[0]).toEqual({
      reportName: 'OrdersByStatus',
      paremeterFields: [
        { name: 'period', value: '2025-11-28/2026-11-27' },
        { name: 'status', value: 'Pending' },
      ],
      columns: ['Status', 'Orders', 'Decided', 'LastOrder'],
      sort: { column: 'Orders', direction: 'desc' },
      page: 0,
      pageSize: 25,
      generateExcelFile: false,
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/Status.*Orders.*Decided.*Last order/);
    expect(rows[1]).toHaveTextContent(/Approved.*4.*4.*Nov 20, 2026/);
    expect(within(table).getByRole('columnheader', { name: 'Orders' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts and pages on the server', async () => {
    const { user, runs } = renderScreen('OrdersByStatus', (operation, body) => (operation === 'GetReports' ? { body: definitions } : { body: { ...resultFor(body), TotalCount: 60 } }));
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Result' });
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(runs().at(-1)).toMatchObject({ sort: { column: 'Status', direction: 'asc' }, page: 0 }));
    expect(within(screen.getByRole('table', { name: 'Result' })).getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(await screen.findByRole('button', { name: /next page/i }));
    await waitFor(() => expect(runs().at(-1)).toMatchObject({ sort: { column: 'Status', direction: 'asc' }, page: 1 }));
    // Running again, with the same parameters too, starts at the first page.
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(runs().at(-1)).toMatchObject({ sort: { column: 'Status', direction: 'asc' }, page: 0 }));
  });

  it('says at the field when a period is reversed or a required number is missing, and runs nothing', async () => {
    const { user, runs } = renderScreen('OrdersByStatus', serving);
    const to = await screen.findByLabelText('Period to');
    await user.clear(to);
    await user.type(to, '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Period: the end date is before the start date.')).toBeInTheDocument();
    expect(runs()).toEqual([]);
  });

  it('asks for a required number within its range', async () => {
    const { user, runs } = renderScreen('SubscriptionsEnding', serving);
    const days = await screen.findByRole('spinbutton', { name: /Days ahead/ });
    expect(days).toHaveValue(30);
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Days ahead is required.')).toBeInTheDocument();
    await user.type(days, '999');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Days ahead must be a whole number from 1 to 730.')).toBeInTheDocument();
    expect(runs()).toEqual([]);
  });

  it('hides a column with the column chooser and exports exactly the shown columns to Excel', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, runs } = renderScreen('OrdersByStatus', (operation, body) => {
      if (operation === 'GetReports') return { body: definitions };
      if (body.generateExcelFile) return { body: { FileName: 'Orders by status.xlsx', ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ContentBase64: btoa('xlsx') } };
      return { body: resultFor(body) };
    });
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Result' });
    await user.click(screen.getByRole('button', { name: 'Columns (4 of 4)' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Decided' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(runs().at(-1)).toMatchObject({ columns: ['Status', 'Orders', 'LastOrder'] }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Result' }).querySelectorAll('th').length).toBe(3));
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saved).toEqual(['Orders_by_status.xlsx']));
    expect(runs().at(-1)).toMatchObject({ reportName: 'OrdersByStatus', columns: ['Status', 'Orders', 'LastOrder'], generateExcelFile: true });
  });

  it('describes the chart and gives its figures as a table for screen readers', async () => {
    const { user } = renderScreen('OrdersByStatus', serving);
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    const figure = await screen.findByRole('figure', { name: 'Bar chart of Orders by Status' });
    const summary = within(figure).getByRole('table', { name: 'Figures of the chart: Bar chart of Orders by Status' });
    expect(within(summary).getAllByRole('row').map((row) => row.textContent)).toEqual(['StatusOrders', 'Approved4', 'Pending2', 'Rejected1']);
  });

  it('says when the report found nothing, and shows the server\'s failure', async () => {
    let fail = false;
    const { user } = renderScreen('OrdersByStatus', (operation, body) => {
      if (operation === 'GetReports') return { body: definitions };
      return fail ? { status: 500, body: { Message: 'Failed to execute report' } } : { body: resultFor(body, 0) };
    });
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The report found nothing for these parameters.')).toHaveAttribute('role', 'status');
    fail = true;
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Approved' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to execute report');
  });
});
