import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TerminationPreviewAccount } from '@cmp/contracts/accountLifecycle';
import { installFakeFetch } from '../../../../test/fakeFetch';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { TerminateScreen } from '../TerminateScreen';

const contoso: TerminationPreviewAccount = {
  AccountId: 57,
  AccountType: 'Company',
  DisplayName: 'Contoso Ltd',
  AccountState: 'Active',
  SubtreeSize: 9,
  MayTerminate: true,
  PrepaidSubscriptions: [{ AccountId: 90, DisplayName: 'Skyline Office E3 – Contoso', ProductName: 'SKYLINE_OFFICE_E3', AutoRenew: 'Renew' }],
  LockedSubscriptions: [],
  ScheduledTermination: null,
};

function renderScreen(preview: TerminationPreviewAccount) {
  const bodies: Record<string, unknown[]> = {};
  const fetch = installFakeFetch((url, init) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    (bodies[operation] ??= []).push(JSON.parse(String(init.body ?? '{}')));
    if (operation === 'GetTerminationPreview') return { body: { Accounts: [preview] } };
    if (operation === 'ListScheduledTerminations') return { body: { Items: [], TotalCount: 0 } };
    if (operation === 'TerminateAccounts') {
      return { body: { Terminations: [{ TerminationId: 1, AccountId: 57, AccountType: 'Company', DisplayName: 'Contoso Ltd', Status: 'Done', TerminateAt: '2030-01-01T00:00:00Z' }] } };
    }
    return { body: {} };
  });
  renderWithProviders(
    <Routes>
      <Route path="/terminate" element={<TerminateScreen />} />
    </Routes>,
    { path: `/terminate?accountIds=${preview.AccountId}` },
  );
  return { fetch, bodies };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TerminateScreen (spec §4 Termination, §5)', () => {
  it('asks for the auto-renew acknowledgement when prepaid subscriptions are involved and sends it with the reason', async () => {
    const user = userEvent.setup();
    const { bodies } = renderScreen(contoso);
    expect(await screen.findByText('Accounts terminated, including everything below: 9')).toBeInTheDocument();
    expect(screen.getByText('Skyline Office E3 – Contoso: auto-renewal Renew → Terminate')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Terminate' }));
    expect(screen.getByText('A reason for the termination is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm that the termination is irreversible')).toBeInTheDocument();
    expect(screen.getByText('Confirm the change of the auto-renewal')).toBeInTheDocument();
    expect(bodies.TerminateAccounts).toBeUndefined();

    await user.type(screen.getByLabelText(/Reason/), 'Customer left');
    await user.click(screen.getByRole('checkbox', { name: 'I understand that the termination is irreversible.' }));
    await user.click(screen.getByRole('checkbox', { name: /auto-renewal of the prepaid subscriptions/ }));
    await user.click(screen.getByRole('button', { name: 'Terminate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Terminate the accounts?' });
    expect(dialog).toHaveTextContent('including everything below them: 9');
    await user.click(within(dialog).getByRole('button', { name: 'Terminate' }));

    await waitFor(() => expect(bodies.TerminateAccounts).toHaveLength(1));
    expect(bodies.TerminateAccounts![0]).toEqual({
      accountIds: [57],
      terminationDate: null,
      reason: 'Customer left',
      isIrreversibleAcknowledged: true,
      isAutoRenewAcknowledged: true,
    });
  });

  it('shows a locked subscription as a refusal and keeps the button disabled', async () => {
    renderScreen({ ...contoso, PrepaidSubscriptions: [], LockedSubscriptions: [{ AccountId: 91, DisplayName: 'Skyline CRM – Contoso', ProductName: 'SKYLINE_CRM', LockPeriodEndDate: '2031-03-01T00:00:00Z' }] });
    expect(await screen.findByText(/Refused: Skyline CRM – Contoso is locked until/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /auto-renewal/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terminate' })).toBeDisabled();
  });

  it('offers a date and time picker for a scheduled termination and refuses an empty one', async () => {
    const user = userEvent.setup();
    renderScreen({ ...contoso, PrepaidSubscriptions: [] });
    await screen.findByText('Accounts terminated, including everything below: 9');
    await user.click(screen.getByRole('radio', { name: 'At a date and time' }));
    expect(screen.getByLabelText(/Termination date and time/)).toHaveAttribute('type', 'datetime-local');
    await user.click(screen.getByRole('button', { name: 'Schedule termination' }));
    expect(screen.getByText('Choose the date and time of the termination')).toBeInTheDocument();
  });
});
