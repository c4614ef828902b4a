import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingIntervals, InvoiceFileTask } from '@cmp/contracts/billing';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { InvoiceFilesSection } from '../InvoiceFilesSection';
import { InvoicesCard } from '../InvoicesCard';
import { fakeServer, fileTask, intervals } from './billingFixtures';

afterEach(() => {
  vi.useRealTimers();
});

/** October and September have invoices; the running November has none. */
const withInvoices: BillingIntervals = { ...intervals, Intervals: intervals.Intervals.map((interval) => ({ ...interval, HasInvoices: interval.IntervalId !== '2026-11' })) };

const SORRY = 'Sorry, we are unable to send email right now. Please try again later.';

describe('Invoice files (Invoices card)', () => {
  it('asks for the chosen month with invoices only after confirmation, and follows the task it queued', async () => {
    let tasks: InvoiceFileTask[] = [];
    const { calls } = fakeServer((operation) => {
      if (operation === 'GetIntervals') return { body: withInvoices };
      if (operation === 'GetInvoices') return { body: { Invoices: [], Total: 0 } };
      if (operation === 'RequestInvoiceGeneration') {
        tasks = [fileTask({ IntervalId: '2026-09', Status: 'Queued', InvoicesDone: 0 })];
        return { body: tasks[0] };
      }
      return { body: { Tasks: tasks } };
    });
    const user = userEvent.setup();
    renderWithProviders(<InvoicesCard accountId={57} />);
    await user.click(await screen.findByRole('button', { name: 'Generate invoice files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate invoice files' });
    expect(dialog).toHaveAccessibleDescription(/prepared as PDF files in one ZIP file, and a link to download it is e-mailed to you\. Ready within 30 minutes at most\./);
    const month = await within(dialog).findByRole('combobox', { name: 'Month of the invoices' });
    expect(month).toHaveTextContent('October 2026');
    await user.click(month);
    // Only the months with invoices are offered.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['October 2026', 'September 2026']);
    await user.click(screen.getByRole('option', { name: 'September 2026' }));
    expect(calls('RequestInvoiceGeneration')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('RequestInvoiceGeneration').map((call) => call.body)).toEqual([{ accountId: 57, intervalId: '2026-09' }]);
    const list = screen.getByRole('list', { name: 'Requested invoice files' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/September 2026.*Waiting to start\./);
    // The polite status names the month, for those who hear it change.
    expect(within(list).getByRole('status')).toHaveTextContent('September 2026: Waiting to start.');
    expect(within(list).getByRole('progressbar', { name: 'Progress of the invoice files: September 2026' })).toBeInTheDocument();
    expect(calls('GetInvoiceGenerationTasks')[0]?.body).toEqual({ accountId: 57 });
  });

  it("shows the server's refusal in the dialog", async () => {
    fakeServer((operation) => {
      if (operation === 'GetIntervals') return { body: withInvoices };
      if (operation === 'RequestInvoiceGeneration') return { status: 400, body: { Message: 'No billing data for this period' } };
      return { body: { Tasks: [] } };
    });
    const user = userEvent.setup();
    renderWithProviders(<InvoiceFilesSection accountId={57} />);
    await user.click(await screen.findByRole('button', { name: 'Generate invoice files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate invoice files' });
    await within(dialog).findByRole('combobox', { name: 'Month of the invoices' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No billing data for this period');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('cannot be confirmed when no month has invoices', async () => {
    const noInvoices: BillingIntervals = { ...intervals, Intervals: intervals.Intervals.map((interval) => ({ ...interval, HasInvoices: false })) };
    const { calls } = fakeServer((operation) => ({ body: operation === 'GetIntervals' ? noInvoices : { Tasks: [] } }));
    const user = userEvent.setup();
    renderWithProviders(<InvoiceFilesSection accountId={57} />);
    await user.click(await screen.findByRole('button', { name: 'Generate invoice files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate invoice files' });
    expect(await within(dialog).findByText('No month of this account has invoices yet.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(calls('RequestInvoiceGeneration')).toEqual([]);
  });

  it('offers a completed task as a download link, and says so politely when the e-mail could not be sent', async () => {
    fakeServer(() => ({
      body: {
        Tasks: [
          fileTask({ TaskId: 14, Status: 'Completed', InvoicesDone: 4, MailFailed: true, DownloadUrl: '/billing/invoice-files/14', FinishedAt: '2026-11-02T08:03:00.000Z' }),
          fileTask({ TaskId: 13, IntervalId: '2026-09', Status: 'Completed', InvoicesDone: 4, DownloadUrl: '/billing/invoice-files/13' }),
          fileTask({ TaskId: 12, IntervalId: '2026-08', Status: 'Failed' }),
        ],
      },
    }));
    renderWithProviders(<InvoiceFilesSection accountId={57} />);
    const items = within(await screen.findByRole('list', { name: 'Requested invoice files' })).getAllByRole('listitem');
    const [mailFailed, mailed, failed] = items;

    const link = within(mailFailed!).getByRole('link', { name: 'Download the invoice files: October 2026' });
    expect(link).toHaveAttribute('href', '/billing/invoice-files/14');
    expect(link).toHaveAttribute('download');
    expect(link).toHaveTextContent('Download');
    expect(within(mailFailed!).getByText(SORRY).closest('[role="status"]')).not.toBeNull();
    expect(mailFailed).toHaveTextContent('Ready to download.');
    expect(within(mailFailed!).queryByRole('progressbar')).toBeNull();

    expect(within(mailed!).getByRole('link', { name: 'Download the invoice files: September 2026' })).toHaveAttribute('href', '/billing/invoice-files/13');
    expect(mailed).toHaveTextContent('Ready to download. A download link has been e-mailed to you.');
    expect(mailed).not.toHaveTextContent(SORRY);

    expect(failed).toHaveTextContent(/August 2026.*The invoice files could not be prepared\./);
    expect(within(failed!).queryByRole('link')).toBeNull();
  });

  it('asks for the tasks every 3 s while one runs, and stops once none does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      fileTask({ InvoicesDone: 1 }),
      fileTask({ InvoicesDone: 3 }),
      fileTask({ Status: 'Completed', InvoicesDone: 4, DownloadUrl: '/billing/invoice-files/12', FinishedAt: '2026-11-02T08:02:00.000Z' }),
    ];
    const { calls } = fakeServer(() => ({ body: { Tasks: [answers[Math.min(calls('GetInvoiceGenerationTasks').length - 1, answers.length - 1)]] } }));
    renderWithProviders(<InvoiceFilesSection accountId={57} />);
    const progress = await screen.findByRole('progressbar', { name: 'Progress of the invoice files: October 2026' });
    expect(progress).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('listitem')).toHaveTextContent(/Preparing the files\..*Invoices prepared: 1 of 4\. Ready within 30 minutes at most\./);

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75'));
    expect(calls('GetInvoiceGenerationTasks')).toHaveLength(2);

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByRole('link', { name: 'Download the invoice files: October 2026' })).toHaveAttribute('href', '/billing/invoice-files/12');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls('GetInvoiceGenerationTasks')).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls('GetInvoiceGenerationTasks')).toHaveLength(3);
  });
});
