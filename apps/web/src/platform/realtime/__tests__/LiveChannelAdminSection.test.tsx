import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { LiveChannelStatus } from '@cmp/contracts/liveChannelAdmin';
import { buildSessionUser } from '../../../test/buildSessionUser';
import { installFakeFetch } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../session/currentUser';
import { LiveChannelAdminSection } from '../components/LiveChannelAdminSection';

const platformOwner = buildSessionUser({
  AccountPath: '/1/5/',
  CompanyAccount: { AccountId: 1, AccountType: 'Reseller', DisplayName: 'Platform', AccountState: 'Active', Views: {} },
});
const resellerAdmin = buildSessionUser({ AccountPath: '/1/2/40/' });
let status: LiveChannelStatus;
let calls: { operation: string; body: unknown }[];

function renderSection(user = platformOwner) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  return renderWithProviders(<LiveChannelAdminSection />, { queryClient });
}

beforeEach(() => {
  status = { Nodes: [{ NodeId: 'node-a', Host: 'a', SignedIn: 12 }, { NodeId: 'node-b', Host: 'b', SignedIn: 3 }], Maintenance: { Mode: 'None', SecondsLeft: null } };
  calls = [];
  installFakeFetch((url, init) => {
    const operation = url.split('/').pop()!;
    calls.push({ operation, body: JSON.parse(String(init.body ?? '{}')) });
    return { body: operation === 'GetLiveChannelStatus' ? status : { Success: true } };
  });
});

describe('live notifications in the admin console (issue 16)', () => {
  it('lists the signed-in users per server node', async () => {
    renderSection();
    expect(await screen.findByRole('table', { name: 'Signed-in users per server node' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'node-a 12' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'node-b 3' })).toBeInTheDocument();
    expect(screen.getByText('No maintenance is announced.')).toBeInTheDocument();
  });

  it('announces a countdown in minutes as seconds, and refuses a non-whole number of minutes', async () => {
    const user = userEvent.setup();
    renderSection();
    const minutes = await screen.findByRole('spinbutton', { name: 'Minutes until maintenance' });
    await user.clear(minutes);
    await user.type(minutes, '2.5');
    expect(screen.getByRole('button', { name: 'Announce countdown' })).toBeDisabled();
    await user.clear(minutes);
    await user.type(minutes, '30');
    status = { ...status, Maintenance: { Mode: 'Countdown', SecondsLeft: 1_800 } };
    await user.click(screen.getByRole('button', { name: 'Announce countdown' }));
    expect(await screen.findByText('Maintenance announced.')).toBeInTheDocument();
    expect(calls).toContainEqual({ operation: 'AnnounceMaintenance', body: { seconds: 1_800 } });
    expect(await screen.findByText('Announced: maintenance starts in 30 min.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw announcement' }));
    await waitFor(() => expect(calls.map((call) => call.operation)).toContain('CancelMaintenance'));
  });

  it("shows no maintenance controls to a reseller's administrator", async () => {
    renderSection(resellerAdmin);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Announce countdown' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });

  it('sends a trimmed message and empties the field', async () => {
    const user = userEvent.setup();
    renderSection(resellerAdmin);
    const field = await screen.findByRole('textbox', { name: 'Message to the signed-in users of your accounts' });
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(field, '  Invoices are late this month  ');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent.')).toBeInTheDocument();
    expect(calls).toContainEqual({ operation: 'SendLiveMessage', body: { text: 'Invoices are late this month' } });
    expect(field).toHaveValue('');
  });
});
