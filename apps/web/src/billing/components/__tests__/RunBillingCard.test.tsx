import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RunBillingCard } from '../RunBillingCard';
import { fakeServer, intervals, run } from './billingFixtures';

const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Run billing' }));
  return screen.findByRole('dialog', { name: 'Run billing' });
};

describe('RunBillingCard', () => {
  it('bills nothing until confirmed; the dialog offers closed months only, the newest preselected, and says invoices are final', async () => {
    const { calls } = fakeServer(() => ({ body: intervals }));
    const user = userEvent.setup();
    renderWithProviders(<RunBillingCard accountId={57} accountName="Contoso Ltd" />);
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent('Invoices will be issued for Contoso Ltd and the accounts below it.');
    expect(dialog).toHaveTextContent('Invoices are final: once issued, they are not changed. Running billing again for the same month changes nothing.');
    const month = await within(dialog).findByRole('combobox', { name: 'Month to bill' });
    expect(month).toHaveTextContent('October 2026');
    await user.click(month);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['October 2026', 'September 2026']);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('RunBilling')).toEqual([]);
  });

  it('runs billing with an Idempotency-Key, follows its progress every 2 s and reloads the billing data when it completes', async () => {
    let polls = 0;
    const { calls } = fakeServer((operation) => {
      if (operation === 'RunBilling') return { body: run() };
      if (operation === 'GetBillingRuns') {
        polls += 1;
        return { body: { BillingRuns: [polls === 1 ? run({ PayersDone: 2 }) : run({ Status: 'Completed', PayersDone: 4, InvoicesCreated: 3, FinishedAt: '2026-11-02T08:00:09.000Z' })], Total: 1 } };
      }
      return { body: intervals };
    });
    const user = userEvent.setup();
    renderWithProviders(<RunBillingCard accountId={57} accountName="Contoso Ltd" />);
    const dialog = await openDialog(user);
    await within(dialog).findByRole('combobox', { name: 'Month to bill' });
    await user.click(within(dialog).getByRole('button', { name: 'Run billing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [request] = calls('RunBilling');
    expect(request?.body).toEqual({ accountId: 57, intervalId: '2026-10' });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    // While it runs: the payers billed so far, and a progress bar.
    expect(await screen.findByText(/Billing October 2026: [12] of 4 payers billed\./)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of the billing of October 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run billing' })).toBeDisabled();

    expect(await screen.findByText('Billing of October 2026 is complete. Invoices created: 3.')).toBeInTheDocument();
    expect(calls('GetBillingRuns')[0]?.body).toEqual({ accountId: 57, page: 0, pageSize: 20 });
    // The months are loaded again (the run closed them with invoices), and polling stops.
    await waitFor(() => expect(calls('GetIntervals').length).toBeGreaterThan(1));
    const pollsAtEnd = polls;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(polls).toBe(pollsAtEnd);
    expect(screen.getByRole('button', { name: 'Run billing' })).toBeEnabled();
  });

  it("shows the server's refusal in the dialog and keeps the same Idempotency-Key for the retry", async () => {
    let attempts = 0;
    const { calls } = fakeServer((operation) => {
      if (operation !== 'RunBilling') return { body: intervals };
      attempts += 1;
      return attempts === 1 ? { status: 409, body: { Message: 'A billing run for October 2026 is already running.' } } : { body: run({ Status: 'Completed', PayersDone: 4, InvoicesCreated: 0 }) };
    });
    const user = userEvent.setup();
    renderWithProviders(<RunBillingCard accountId={57} accountName="Contoso Ltd" />);
    const dialog = await openDialog(user);
    await within(dialog).findByRole('combobox', { name: 'Month to bill' });
    await user.click(within(dialog).getByRole('button', { name: 'Run billing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A billing run for October 2026 is already running.');
    await user.click(within(dialog).getByRole('button', { name: 'Run billing' }));
    expect(await screen.findByText('Billing of October 2026 is complete. Invoices created: 0.')).toBeInTheDocument();
    const [first, second] = calls('RunBilling');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('shows an Interrupted run as "Interrupted — resuming" with the moment instead of a stuck progress bar, and follows it until it completes (issue 30)', async () => {
    let polls = 0;
    fakeServer((operation) => {
      if (operation === 'RunBilling') return { body: run() };
      if (operation === 'GetBillingRuns') {
        polls += 1;
        const interrupted = run({ Status: 'Interrupted', PayersDone: 2, InterruptedAt: '2026-11-02T08:03:00.000Z' });
        return { body: { BillingRuns: [polls <= 2 ? interrupted : run({ Status: 'Completed', PayersDone: 4, InvoicesCreated: 4 })], Total: 1 } };
      }
      return { body: intervals };
    });
    const user = userEvent.setup();
    renderWithProviders(<RunBillingCard accountId={57} accountName="Contoso Ltd" />);
    const dialog = await openDialog(user);
    await within(dialog).findByRole('combobox', { name: 'Month to bill' });
    await user.click(within(dialog).getByRole('button', { name: 'Run billing' }));

    // A polite status, as the progress it replaces.
    const status = (await screen.findByText('Interrupted — resuming')).closest('[role="status"]');
    expect(status).toHaveTextContent(/Billing October 2026 stopped at .*2026.* \(2 of 4 payers billed\)\. It resumes by itself and bills only what is left; nothing is billed twice\./);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Still under way: no second run meanwhile, and the poll goes on until it has completed.
    expect(screen.getByRole('button', { name: 'Run billing' })).toBeDisabled();
    expect(await screen.findByText('Billing of October 2026 is complete. Invoices created: 4.', {}, { timeout: 8_000 })).toBeInTheDocument();
  }, 15_000);
});
