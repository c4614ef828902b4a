import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { LayoutField, LoadedAccount, ViewLayout } from '@cmp/contracts/accountViews';
import { installFakeFetch } from '../../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../../test/buildSessionUser';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../../platform/session/currentUser';
import { AccountScreen } from '../../screens/AccountScreen';

const field = (Name: string, DisplayValue: string, extra: Partial<LayoutField> = {}): LayoutField => ({
  Name,
  View: 'Company',
  Value: null,
  InitialValue: null,
  DisplayValue,
  DisplayTemplate: 'Text',
  EnumName: null,
  EnumMembers: [],
  EnumsLoaded: false,
  Type: 'string',
  Required: false,
  MaxLength: 100,
  Pattern: null,
  Unique: false,
  RemoteCheck: null,
  ReadOnly: false,
  CreateOnly: false,
  MfaProtected: false,
  ...extra,
});

const layout: ViewLayout = {
  Pages: [
    {
      Id: 'Overview',
      Name: 'Overview',
      DisplayValue: 'Overview',
      Containers: [
        {
          Id: 'General',
          Name: 'General',
          DisplayValue: 'General',
          Fields: [
            field('DisplayName', 'Display name', { Required: true }),
            field('AccountIdentificator', 'Account identifier', { Unique: true }),
            field('Country', 'Country', { DisplayTemplate: 'Combobox', EnumName: 'Countries', EnumsLoaded: true, EnumMembers: [{ Value: 'GB', DisplayValue: 'United Kingdom' }, { Value: 'DE', DisplayValue: 'Germany' }] }),
            field('Iban', 'Bank account (IBAN)', { MfaProtected: true }),
          ],
        },
        { Id: 'Address', Name: 'Address', DisplayValue: 'Address', Fields: [field('City', 'City'), field('PostalCode', 'Postal code', { MaxLength: 5 })] },
      ],
    },
  ],
};

const contoso: LoadedAccount = {
  AccountId: 57,
  AccountType: 'Company',
  DisplayName: 'Contoso Ltd',
  ParentAccountId: 2,
  AccountState: 'Active',
  ProductName: null,
  Hierarchy: [
    { AccountId: 2, AccountType: 'Reseller', DisplayName: 'Northwind Cloud' },
    { AccountId: 57, AccountType: 'Company', DisplayName: 'Contoso Ltd' },
  ],
  Views: { Company: { Values: { DisplayName: 'Contoso Ltd', AccountIdentificator: 'CON-2001', Country: 'GB', Iban: 'GB29NWBK60161331926819' } } },
};

function renderScreen(account: LoadedAccount = contoso) {
  const fetch = installFakeFetch((url, init) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (url.endsWith('/LoadAccountById')) return { body: account };
    if (url.endsWith('/GetViewLayout')) return { body: layout };
    if (url.endsWith('/ValidateUniqueField')) return { body: { IsUnique: body.value !== 'ADV-2002' } };
    if (url.endsWith('/UpdateAccount')) return { body: null };
    return { status: 404, body: { Message: 'Not found.' } };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account/:accountId" element={<AccountScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: `/account/${account.AccountId}` },
  );
  rendered.queryClient.setQueryData(
    CURRENT_USER_QUERY_KEY,
    buildSessionUser({
      Capability: [
        capability('RESELLER_ACCOUNT', { Read: true }),
        capability('COMPANY_ACCOUNT', { Read: true, Create: true, Delete: true }),
        capability('USER_ACCOUNT', { Create: true }),
        capability('ACCOUNT_MOVE', { Execute: true }),
        capability('IP_RESTRICTIONS', { Read: true }),
      ],
      CompanyAccount: { ...buildSessionUser().CompanyAccount, AccountId: 2 },
    }),
  );
  return { ...rendered, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the account view (metadata-driven form)', () => {
  it('shows the account heading, breadcrumbs, actions and the layout as a read view', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Contoso Ltd' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Account path' })).getByRole('link', { name: 'Northwind Cloud' })).toHaveAttribute('href', '/account/2');
    const actions = screen.getByRole('group', { name: 'Account actions' });
    expect(within(actions).getByRole('link', { name: 'Move' })).toHaveAttribute('href', '/move?accountId=57');
    expect(within(actions).getByRole('link', { name: 'Terminate' })).toHaveAttribute('href', '/terminate?accountIds=57');
    expect(within(actions).getByRole('link', { name: 'New user' })).toHaveAttribute('href', '/Account/Create/User?parentAccountId=57');
    expect(screen.queryByRole('tab', { name: 'User security' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Security' })).toBeInTheDocument();
    const general = await screen.findByRole('region', { name: 'General' });
    expect(general).toHaveTextContent('United Kingdom');
    expect(general).toHaveTextContent('•••• 6819');
  });

  it('edits with client-side checks, a server unique check on blur, and saves only the changes', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));

    const name = screen.getByRole('textbox', { name: /Display name/ });
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await user.type(name, 'Contoso Group');

    const identifier = screen.getByRole('textbox', { name: 'Account identifier' });
    await user.clear(identifier);
    await user.type(identifier, 'ADV-2002');
    await user.tab();
    expect(await screen.findByText('ADV-2002 is already taken.')).toBeInTheDocument();
    await user.clear(identifier);
    await user.type(identifier, 'CON-2010');

    await user.type(screen.getByRole('textbox', { name: 'Postal code' }), '1234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter at most 5 characters.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/UpdateAccount'))).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: 'Postal code' }));

    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    expect(screen.getByRole('textbox', { name: /Bank account/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/UpdateAccount'))).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/UpdateAccount'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ accountId: 57, viewValues: { Company: { Values: { DisplayName: 'Contoso Group', AccountIdentificator: 'CON-2010', Country: 'DE' } } } });
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('offers no editing or actions on a terminated account', async () => {
    renderScreen({ ...contoso, AccountState: 'Terminated' });
    expect(await screen.findByText('This account is terminated and can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByText('Terminated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Account actions' })).not.toBeInTheDocument();
  });
});
