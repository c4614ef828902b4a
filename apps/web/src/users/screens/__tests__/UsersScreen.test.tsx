import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { okResponseSchema } from '@cmp/contracts/auth';
import { changeUserStatusRequestSchema, getUsersRequestSchema, getUsersResponseSchema, type UserListItem } from '@cmp/contracts/users';
import { accountFrameHandlers } from '../../../test/accountFrameHandlers';
import { bodiesSentTo, operation } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { UsersScreen } from '../UsersScreen';

const tom: UserListItem = {
  AccountId: 1207,
  DisplayName: 'Tom Becker',
  Username: 'tom.becker',
  Email: 'tom.becker@sales.example',
  DepartmentAccountId: 1205,
  DepartmentName: 'Sales',
  Status: 'Enabled',
  IsAdministrator: false,
  Roles: [{ RoleId: 3, Name: 'User' }],
  LastLogonAt: null,
  IsTerminated: false,
};
const claire: UserListItem = { ...tom, AccountId: 1203, DisplayName: 'Claire Dubois', Username: 'company.admin', DepartmentAccountId: null, DepartmentName: null, IsAdministrator: true, LastLogonAt: '2024-05-01T08:30:00Z' };
const all = (flags = { Read: true, Create: true, Execute: true, Delete: true }) =>
  ['USER_ACCOUNT', 'USER_CHANGE_STATUS', 'USER_CHANGE_ADMIN_STATUS', 'USER_CHANGE_USERNAME', 'USER_RESET_PASSWORD', 'USER_EXPORT', 'ROLES'].map((type) => capability(type as never, flags));

function renderScreen(capabilities = all(), total = 2) {
  apiServer.use(
    ...accountFrameHandlers({ AccountId: 57 }),
    operation('IAccountService/GetUsers', { request: getUsersRequestSchema, response: getUsersResponseSchema }, () => ({ Users: [claire, tom], Total: total })),
    operation('IAccountService/ChangeUserStatus', { request: changeUserStatusRequestSchema, response: okResponseSchema }, () => ({ Success: true })),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account/:accountId/users" element={<UsersScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/account/57/users' },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ UserAccountId: 1203, Capability: capabilities }));
  return rendered;
}

describe('UsersScreen', () => {
  it('lists the users with department, status, administrator, roles and last sign-in', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'User list' });
    const row = within(table).getByRole('row', { name: /Tom Becker/ });
    expect(row).toHaveTextContent('tom.becker@sales.example');
    expect(row).toHaveTextContent('Sales');
    expect(row).toHaveTextContent('Enabled');
    expect(row).toHaveTextContent('Never');
    expect(within(table).getByRole('row', { name: /Claire Dubois/ })).toHaveTextContent('Yes');
    // The account frame offers the same link among its actions.
    for (const link of screen.getAllByRole('link', { name: 'New user' })) expect(link).toHaveAttribute('href', '/Account/Create/User?parentAccountId=57');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
  });

  it('disables a user only after the confirmation', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Actions for Tom Becker' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable user?' });
    expect(dialog).toHaveTextContent('Tom Becker is signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodiesSentTo('IAccountService/ChangeUserStatus')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actions for Tom Becker' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/ChangeUserStatus')).toEqual([{ userAccountId: 1207, status: 'Disabled' }]));
    expect(await screen.findByText('Tom Becker has been disabled.')).toBeInTheDocument();
  });

  it('never offers administrators to disable themselves or change their own administrator status', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Actions for Claire Dubois' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Change username', 'Reset password', 'Roles…']);
  });

  it('sorts and filters on the server', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('table', { name: 'User list' });
    await user.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/GetUsers').at(-1)).toMatchObject({ sortBy: 'Username', sortDirection: 'asc', page: 0 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search name, username or e-mail' }), 'becker');
    await waitFor(() => expect(bodiesSentTo('IAccountService/GetUsers').at(-1)).toMatchObject({ filter: { text: 'becker' } }));
  });

  it('starts again at the first page when the filter changes', async () => {
    const user = userEvent.setup();
    renderScreen(all(), 60);
    await screen.findByRole('table', { name: 'User list' });
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/GetUsers').at(-1)).toMatchObject({ page: 1, pageSize: 25 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search name, username or e-mail' }), 'becker');
    await waitFor(() => expect(bodiesSentTo('IAccountService/GetUsers').at(-1)).toMatchObject({ filter: { text: 'becker' }, page: 0 }));
  });

  it('shows a plain reader no actions, no export and no New user', async () => {
    renderScreen([capability('USER_ACCOUNT', { Read: true })]);
    await screen.findByRole('table', { name: 'User list' });
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New user' })).not.toBeInTheDocument();
  });
});
