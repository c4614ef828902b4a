import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { okResponseSchema } from '@cmp/contracts/auth';
import {
  deleteRoleRequestSchema,
  getCapabilitySetsRequestSchema,
  getCapabilitySetsResponseSchema,
  getRolesRequestSchema,
  getRolesResponseSchema,
  saveRoleRequestSchema,
  saveRoleResponseSchema,
  type CapabilitySet,
  type RoleSummary,
} from '@cmp/contracts/roles';
import { bodiesSentTo, operation, operationFailure } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RolesCard } from '../RolesCard';

const administrator: RoleSummary = { RoleId: 11, Name: 'Company administrator', Description: 'Everything in the company', OwnerAccountId: 57, CapabilitySetIds: [21, 22], UserCount: 3, IsAdministrator: true };
const auditor: RoleSummary = { RoleId: 12, Name: 'Auditor', Description: 'Reads the audit log', OwnerAccountId: 57, CapabilitySetIds: [22], UserCount: 2, IsAdministrator: false };
const set = (CapabilitySetId: number, Name: string): CapabilitySet => ({ CapabilitySetId, Name, IsTemplate: false, OwnerAccountId: 57, OwnerDisplayName: 'Contoso Ltd', IsOwn: true, Capabilities: [] });
const REFUSAL = 'The role is in use by an import.';

function renderCard(permissions = { canSave: true, canDelete: true, canAssign: true }) {
  apiServer.use(
    operation('IAccountService/GetRoles', { request: getRolesRequestSchema, response: getRolesResponseSchema }, () => ({ OwnerCompanyId: 57, Roles: [administrator, auditor] })),
    operation('IAccountService/GetCapabilitySets', { request: getCapabilitySetsRequestSchema, response: getCapabilitySetsResponseSchema }, () => ({
      OwnerCompanyId: 57,
      CapabilitySets: [set(21, 'Company admin set'), set(22, 'Audit readers')],
    })),
    operation('IAccountService/DeleteRole', { request: deleteRoleRequestSchema, response: okResponseSchema }, () => operationFailure(400, REFUSAL)),
    operation('IAccountService/SaveRole', { request: saveRoleRequestSchema, response: saveRoleResponseSchema }, () => ({ RoleId: 13 })),
  );
  return renderWithProviders(<RolesCard ownerCompanyId={57} permissions={permissions} />);
}

describe('RolesCard (issue 17)', () => {
  it('lists the roles with description, holders and the names of their capability sets, sortable by name', async () => {
    const user = userEvent.setup();
    renderCard();
    const table = await screen.findByRole('table', { name: 'Roles' });
    const adminRow = within(table).getByRole('row', { name: /Company administrator/ });
    expect(adminRow).toHaveTextContent('Everything in the company');
    expect(adminRow).toHaveTextContent('3');
    await waitFor(() => expect(adminRow).toHaveTextContent('Company admin set, Audit readers'));
    // The administrator role carries its mark and is not offered for deletion (the server refuses it too).
    expect(within(adminRow).getByText('Administrator role')).toBeInTheDocument();
    expect(within(adminRow).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Auditor/ })).not.toHaveTextContent('Administrator role');
    expect(within(within(table).getByRole('row', { name: /Auditor/ })).getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription('Auditor');
    expect(screen.getByRole('button', { name: 'New role' })).toBeInTheDocument();

    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Auditor');
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Company administrator');
  });

  it('asks before deleting, says how many users hold the role, and shows the server refusal', async () => {
    const user = userEvent.setup();
    renderCard();
    const auditorRow = await screen.findByRole('row', { name: /Auditor/ });

    await user.click(within(auditorRow).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete role?' });
    expect(dialog).toHaveTextContent('Auditor is held by 2 user(s)');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodiesSentTo('IAccountService/DeleteRole')).toEqual([]);

    await user.click(within(auditorRow).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/DeleteRole')).toEqual([{ roleId: 12 }]));
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
  });

  it('validates the role dialog per field and saves the chosen own sets', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Billing clerk');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Audit readers' }));
    const mark = within(dialog).getByRole('checkbox', { name: 'Administrator role of the organisation' });
    expect(mark).not.toBeChecked();
    expect(mark).toHaveAccessibleDescription(/Users marked as administrators get this role/);
    await user.click(mark);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSentTo('IAccountService/SaveRole')).toEqual([{ ownerCompanyId: 57, role: { RoleId: null, Name: 'Billing clerk', Description: '', CapabilitySetIds: [22], IsAdministrator: true } }]),
    );
  });

  it('offers no changes without Roles Create and Delete', async () => {
    renderCard({ canSave: false, canDelete: false, canAssign: false });
    const row = await screen.findByRole('row', { name: /Auditor/ });
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Holders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
  });
});
