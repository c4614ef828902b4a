import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { okResponseSchema } from '@cmp/contracts/auth';
import {
  deleteCapabilitySetRequestSchema,
  getCapabilitySetsRequestSchema,
  getCapabilitySetsResponseSchema,
  saveCapabilitySetRequestSchema,
  saveCapabilitySetResponseSchema,
  type CapabilitySet,
} from '@cmp/contracts/roles';
import { bodiesSentTo, operation, operationFailure } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CapabilitySetsCard } from '../CapabilitySetsCard';

const billingSet: CapabilitySet = {
  CapabilitySetId: 31,
  Name: 'Billing',
  IsTemplate: false,
  OwnerAccountId: 57,
  OwnerDisplayName: 'Contoso Ltd',
  IsOwn: true,
  Capabilities: [capability('BILLING_INVOICES', { Read: true }), capability('BILLING_RUN', { Read: true, Execute: true })],
};
const template: CapabilitySet = { ...billingSet, CapabilitySetId: 5, Name: 'Reseller helpdesk', IsTemplate: true, OwnerAccountId: 2, OwnerDisplayName: 'Northwind Reseller', IsOwn: false, Capabilities: [capability('TICKETING', { Read: true, Create: true })] };
const REFUSAL = 'You cannot give capabilities you do not hold yourself.';

function renderCard({ isSaveRefused = false } = {}) {
  apiServer.use(
    operation('IAccountService/GetCapabilitySets', { request: getCapabilitySetsRequestSchema, response: getCapabilitySetsResponseSchema }, () => ({
      OwnerCompanyId: 57,
      CapabilitySets: [billingSet, template],
    })),
    operation('IAccountService/SaveCapabilitySet', { request: saveCapabilitySetRequestSchema, response: saveCapabilitySetResponseSchema }, () =>
      isSaveRefused ? operationFailure(403, REFUSAL) : { CapabilitySetId: 31 },
    ),
    operation('IAccountService/DeleteCapabilitySet', { request: deleteCapabilitySetRequestSchema, response: okResponseSchema }, () => ({ Success: true })),
  );
  return renderWithProviders(<CapabilitySetsCard ownerCompanyId={57} permissions={{ canSave: true, canDelete: true, canAssign: true }} />);
}

// The matrix editor renders ~70 object types × 5 checkboxes; user-event drives it click by click.
describe('CapabilitySetsCard and the matrix editor (issue 17)', { timeout: 60_000 }, () => {
  it('lists own sets with Edit and Delete, and templates above with their owner and Copy', async () => {
    renderCard();
    const table = await screen.findByRole('table', { name: 'Capability sets' });
    const own = within(table).getByRole('row', { name: /Billing/ });
    expect(own).toHaveTextContent('This organisation');
    expect(own).toHaveTextContent('2');
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    const above = within(table).getByRole('row', { name: /Reseller helpdesk/ });
    expect(above).toHaveTextContent('Northwind Reseller');
    expect(above).toHaveTextContent('Yes');
    expect(within(above).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(above).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('toggles flags in the matrix and sends the set with exactly the checked capabilities', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await screen.findByRole('row', { name: /Billing/ })).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit capability set Billing' });

    expect(within(dialog).getByRole('checkbox', { name: 'Execute: Billing run' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Execute: Billing run' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read: Invoices' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find an object type' }), 'audit');
    expect(within(dialog).queryByRole('checkbox', { name: 'Read: Billing run' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read: Audit log' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Whole hierarchy: Audit log' }));
    await user.click(within(dialog).getByRole('switch', { name: /Template/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(bodiesSentTo('IAccountService/SaveCapabilitySet')).toEqual([
        {
          ownerCompanyId: 57,
          capabilitySet: {
            CapabilitySetId: 31,
            Name: 'Billing',
            IsTemplate: true,
            Capabilities: [
              { ObjectType: 'AUDIT_LOG', Read: true, Create: false, Execute: false, Delete: false, Value: 'HIERARCHY' },
              { ObjectType: 'BILLING_RUN', Read: true, Create: false, Execute: false, Delete: false, Value: null },
            ],
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('copies a template as a new own set and shows the server refusal in the editor', async () => {
    const user = userEvent.setup();
    renderCard({ isSaveRefused: true });
    await user.click(within(await screen.findByRole('row', { name: /Reseller helpdesk/ })).getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'New capability set' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Copy of Reseller helpdesk');
    expect(within(dialog).getByRole('checkbox', { name: 'Create: Support tickets' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(REFUSAL)).toBeInTheDocument();
    expect(bodiesSentTo('IAccountService/SaveCapabilitySet')).toEqual([
      expect.objectContaining({
        capabilitySet: {
          CapabilitySetId: null,
          Name: 'Copy of Reseller helpdesk',
          IsTemplate: false,
          Capabilities: [{ ObjectType: 'TICKETING', Read: true, Create: true, Execute: false, Delete: false, Value: null }],
        },
      }),
    ]);
  });

  it('asks before throwing away a changed matrix, and keeps it on "Continue editing"', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await screen.findByRole('row', { name: /Billing/ })).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit capability set Billing' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read: Invoices' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'Continue editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('checkbox', { name: 'Read: Invoices' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes an own set only after the confirmation', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await screen.findByRole('row', { name: /Billing/ })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete capability set?' })).toHaveTextContent('Billing is taken from every role that holds it.');
    await user.click(screen.getByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/DeleteCapabilitySet')).toEqual([{ capabilitySetId: 31 }]));
  });
});
