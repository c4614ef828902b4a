import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { okResponseSchema } from '@cmp/contracts/auth';
import { getRoleUsersRequestSchema, getRoleUsersResponseSchema, roleUsersRequestSchema, type RoleSummary } from '@cmp/contracts/roles';
import { getUsersRequestSchema, getUsersResponseSchema, type UserListItem } from '@cmp/contracts/users';
import { bodiesSentTo, operation } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RoleHoldersDialog } from '../RoleHoldersDialog';

const auditor: RoleSummary = { RoleId: 12, Name: 'Auditor', Description: '', OwnerAccountId: 57, CapabilitySetIds: [], UserCount: 1, IsAdministrator: false };
const tom: UserListItem = {
  AccountId: 1207,
  DisplayName: 'Tom Becker',
  Username: 'tom.becker',
  Email: 'tom.becker@sales.example',
  DepartmentAccountId: null,
  DepartmentName: null,
  Status: 'Enabled',
  IsAdministrator: false,
  Roles: [],
  LastLogonAt: null,
  IsTerminated: false,
};
const claire: UserListItem = { ...tom, AccountId: 1203, DisplayName: 'Claire Dubois', Username: 'company.admin' };

function renderDialog(canAssign = true) {
  apiServer.use(
    operation('IAccountService/GetRoleUsers', { request: getRoleUsersRequestSchema, response: getRoleUsersResponseSchema }, () => ({
      RoleId: 12,
      Users: [{ UserAccountId: 1203, Username: 'company.admin', DisplayName: 'Claire Dubois' }],
    })),
    operation('IAccountService/GetUsers', { request: getUsersRequestSchema, response: getUsersResponseSchema }, () => ({ Users: [claire, tom], Total: 2 })),
    operation('IAccountService/AssignRoleUsers', { request: roleUsersRequestSchema, response: okResponseSchema }, () => ({ Success: true })),
    operation('IAccountService/RemoveRoleUsers', { request: roleUsersRequestSchema, response: okResponseSchema }, () => ({ Success: true })),
  );
  renderWithProviders(<RoleHoldersDialog role={auditor} ownerCompanyId={57} canAssign={canAssign} onClose={() => undefined} />);
}

describe('RoleHoldersDialog (issue 17: who holds a role)', () => {
  it('lists the holders and removes one only after the confirmation', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Holders of Auditor' });
    const row = await within(dialog).findByRole('row', { name: /Claire Dubois/ });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove from role?' });
    expect(confirm).toHaveTextContent('Claire Dubois no longer holds Auditor');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/RemoveRoleUsers')).toEqual([{ roleId: 12, userAccountIds: [1203] }]));
  });

  it('adds users of the organisation who do not hold the role yet', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Holders of Auditor' });
    await within(dialog).findByRole('row', { name: /Claire Dubois/ });
    await user.click(within(dialog).getByRole('combobox', { name: 'Add users' }));
    const option = await screen.findByRole('option', { name: 'Tom Becker (tom.becker)' });
    expect(screen.queryByRole('option', { name: /Claire Dubois/ })).not.toBeInTheDocument();
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Add the chosen users' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/AssignRoleUsers')).toEqual([{ roleId: 12, userAccountIds: [1207] }]));
    expect(bodiesSentTo('IAccountService/GetUsers')[0]).toMatchObject({ accountId: 57 });
  });

  it('only lists the holders without Roles Execute', async () => {
    renderDialog(false);
    const row = await screen.findByRole('row', { name: /Claire Dubois/ });
    expect(within(row).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add users' })).not.toBeInTheDocument();
  });
});
