import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleSummary } from '@cmp/contracts/roles';
import type { UserListItem } from '@cmp/contracts/users';
import { installFakeFetch } from '../../../test/fakeFetch';
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
  const fetch = installFakeFetch((url) => {
    if (url.endsWith('/GetRoleUsers')) return { body: { RoleId: 12, Users: [{ UserAccountId: 1203, Username: 'company.admin', DisplayName: 'Claire Dubois' }] } };
    if (url.endsWith('/GetUsers')) return { body: { Users: [claire, tom], Total: 2 } };
    return { body: { Success: true } };
  });
  renderWithProviders(<RoleHoldersDialog role={auditor} ownerCompanyId={57} canAssign={canAssign} onClose={() => undefined} />);
  return fetch;
}
const bodiesOf = (fetch: ReturnType<typeof installFakeFetch>, operation: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RoleHoldersDialog (issue 17: who holds a role)', () => {
  it('lists the holders and removes one only after the confirmation', async () => {
    const user = userEvent.setup();
    const fetch = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Holders of Auditor' });
    const row = await within(dialog).findByRole('row', { name: /Claire Dubois/ });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove from role?' });
    expect(confirm).toHaveTextContent('Claire Dubois no longer holds Auditor');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesOf(fetch, 'RemoveRoleUsers')).toEqual([{ roleId: 12, userAccountIds: [1203] }]));
  });

  it('adds users of the organisation who do not hold the role yet', async () => {
    const user = userEvent.setup();
    const fetch = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Holders of Auditor' });
    await within(dialog).findByRole('row', { name: /Claire Dubois/ });
    await user.click(within(dialog).getByRole('combobox', { name: 'Add users' }));
    const option = await screen.findByRole('option', { name: 'Tom Becker (tom.becker)' });
    expect(screen.queryByRole('option', { name: /Claire Dubois/ })).not.toBeInTheDocument();
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Add the chosen users' }));
    await waitFor(() => expect(bodiesOf(fetch, 'AssignRoleUsers')).toEqual([{ roleId: 12, userAccountIds: [1207] }]));
    expect(bodiesOf(fetch, 'GetUsers')[0]).toMatchObject({ accountId: 57 });
  });

  it('only lists the holders without Roles Execute', async () => {
    renderDialog(false);
    const row = await screen.findByRole('row', { name: /Claire Dubois/ });
    expect(within(row).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add users' })).not.toBeInTheDocument();
  });
});
