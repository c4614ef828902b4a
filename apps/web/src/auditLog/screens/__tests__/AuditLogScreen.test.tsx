import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { getAuditLogRequestSchema, getAuditLogResponseSchema, type AuditLogEntry } from '@cmp/contracts/auditLog';
import { accountFrameHandlers } from '../../../test/accountFrameHandlers';
import { bodiesSentTo, operation } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { AuditLogScreen, UserLogScreen } from '../AuditLogScreen';

const disabled: AuditLogEntry = {
  Id: 91,
  OccurredAt: '2024-05-01T08:30:00Z',
  Action: 'UserStatusChanged',
  AccountId: 1207,
  AccountDisplayName: 'Tom Becker',
  ActorAccountId: 1203,
  ActorDisplayName: 'Claire Dubois',
  ImpersonatorAccountId: 1100,
  ImpersonatorDisplayName: 'Nora Winters',
  Ip: '10.0.0.7',
  Details: { Username: 'tom.becker', Before: 'Enabled', After: 'Disabled' },
};

const vatChanged: AuditLogEntry = {
  ...disabled,
  Id: 92,
  Action: 'AccountUpdated',
  AccountDisplayName: 'Contoso Ltd',
  ImpersonatorAccountId: null,
  ImpersonatorDisplayName: null,
  Details: { changes: [{ View: 'Company', Field: 'VatNumber', Label: 'VAT number', Before: null, After: 'GB123456789' }] },
};

function renderScreen(path: string, entries: AuditLogEntry[] = [disabled]) {
  apiServer.use(
    ...accountFrameHandlers(),
    operation('IAccountService/GetAuditLog', { request: getAuditLogRequestSchema, response: getAuditLogResponseSchema }, () => ({ Entries: entries, Total: entries.length })),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account/:accountId/audit-log" element={<AuditLogScreen />} />
      <Route path="/account/:accountId/user-log" element={<UserLogScreen />} />
    </Routes>,
    { path },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('AUDIT_LOG', { Read: true })] }));
  return rendered;
}
const requests = () => bodiesSentTo('IAccountService/GetAuditLog');

describe('AuditLogScreen', () => {
  it('shows who did what as whom, and opens the before/after table of an entry', async () => {
    const user = userEvent.setup();
    renderScreen('/account/57/audit-log');
    const row = await screen.findByRole('row', { name: /User status changed/ });
    expect(row).toHaveTextContent('Nora Winters as Claire Dubois');
    expect(row).toHaveTextContent('10.0.0.7');
    const toggle = within(row).getByRole('button', { name: /Details of User status changed/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = screen.getByRole('table', { name: /Changes of User status changed/ });
    expect(within(changes).getAllByRole('row')[1]).toHaveTextContent('EnabledDisabled');
    expect(screen.getByRole('table', { name: /Recorded values of/ })).toHaveTextContent('tom.becker');
  });

  it("names a changed field by its layout's label, not by its internal keys (issue 10)", async () => {
    const user = userEvent.setup();
    renderScreen('/account/57/audit-log', [vatChanged]);
    const row = await screen.findByRole('row', { name: /Account changed/ });
    await user.click(within(row).getByRole('button', { name: /Details of Account changed/ }));
    const change = within(screen.getByRole('table', { name: /Changes of Account changed/ })).getByRole('rowheader');
    expect(change).toHaveTextContent('VAT number');
    expect(change).not.toHaveTextContent('VatNumber');
  });

  it('filters by action and actor and sorts on the server', async () => {
    const user = userEvent.setup();
    renderScreen('/account/57/audit-log');
    await screen.findByRole('row', { name: /User status changed/ });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Username changed' }));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ accountId: 57, isUserLog: false, filter: { action: 'UsernameChanged' } }));
    await user.type(screen.getByRole('searchbox', { name: 'Done by (name or username)' }), 'claire');
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ filter: { action: 'UsernameChanged', actor: 'claire' } }));
    await user.click(screen.getByRole('button', { name: 'Done by' }));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ sortBy: 'Actor', sortDirection: 'asc', page: 0 }));
  });

  it('is the user log on /user-log', async () => {
    renderScreen('/account/1207/user-log');
    expect(await screen.findByRole('heading', { level: 2, name: 'Activity of this user' })).toBeInTheDocument();
    await waitFor(() => expect(requests()[0]).toMatchObject({ accountId: 1207, isUserLog: true }));
  });
});
