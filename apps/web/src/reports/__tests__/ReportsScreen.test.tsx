import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ReportsScreen } from '../screens/ReportsScreen';
import { definitions, frequent, operationOf, type Answer } from './reportFixtures';

function renderScreen(answer: Answer) {
  installFakeFetch((url, init) => answer(operationOf(url), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>));
  return { ...renderWithProviders(<ReportsScreen />, { path: '/reports' }), user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReportsScreen (/reports)', () => {
  it('shows the frequent reports as cards with their last run, and every report in a list', async () => {
    renderScreen((operation) => ({ body: operation === 'GetFrequentReports' ? frequent : definitions }));
    const cards = await screen.findByRole('region', { name: 'Your frequent reports' });
    const [first, second] = await within(cards).findAllByRole('listitem');
    expect(first).toHaveTextContent(/Orders by status.*Orders per approval status\..*Last run Nov 20, 2026.*runs: 3/);
    expect(second).toHaveTextContent(/Subscriptions ending soon.*Not run yet/);
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/reports/OrdersByStatus');
    const all = await screen.findByRole('list', { name: 'All reports' });
    expect(within(all).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/reports/OrdersByStatus', '/reports/SubscriptionsEnding']);
  });

  it('opens a report from the keyboard', async () => {
    const { user, currentPath } = renderScreen((operation) => ({ body: operation === 'GetFrequentReports' ? frequent : definitions }));
    await screen.findByRole('region', { name: 'Your frequent reports' });
    await user.tab();
    expect(screen.getAllByRole('link', { name: /Orders by status/ })[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/reports/OrdersByStatus'));
  });

  it('says when there is no report, and shows a failure where it happened', async () => {
    renderScreen((operation) => (operation === 'GetFrequentReports' ? { body: { Reports: [] } } : { status: 500, body: { Message: 'Service unavailable' } }));
    expect(await screen.findByText('There is no report you may run.')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
  });
});
