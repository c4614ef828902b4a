import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { LayoutField } from '@cmp/contracts/accountViews';
import { installFakeFetch } from '../../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../../test/buildSessionUser';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../../platform/session/currentUser';
import { CreateAccountScreen } from '../CreateAccountScreen';

const displayName: LayoutField = {
  Name: 'DisplayName',
  View: 'Department',
  Value: null,
  InitialValue: null,
  DisplayValue: 'Display name',
  DisplayTemplate: 'Text',
  EnumName: null,
  EnumMembers: [],
  EnumsLoaded: false,
  Type: 'string',
  Required: true,
  MaxLength: 100,
  Pattern: null,
  Unique: false,
  RemoteCheck: null,
  ReadOnly: false,
  CreateOnly: false,
  MfaProtected: false,
};
const layout = { Pages: [{ Id: 'NewAccount', Name: 'NewAccount', DisplayValue: 'New account', Containers: [{ Id: 'General', Name: 'General', DisplayValue: 'General', Fields: [displayName] }] }] };
const contoso = { AccountId: 57, AccountType: 'Company', DisplayName: 'Contoso Ltd' };

function renderScreen(path: string, defaultParent: typeof contoso | null) {
  const fetch = installFakeFetch((url, init) => {
    if (url.endsWith('/GetDefaultParentForCreate')) return { body: { Parent: defaultParent } };
    if (url.endsWith('/GetViewLayout')) return { body: layout };
    if (url.endsWith('/GetDefaultAccountViewsForCreate')) {
      const { parentAccountId } = JSON.parse(String(init.body)) as { parentAccountId: number };
      return { body: [{ Name: 'Account', FieldDefinition: [], Values: { AccountType: 'Department', ParentAccountId: parentAccountId, ProductName: null } }, { Name: 'Department', FieldDefinition: [], Values: {} }] };
    }
    return { status: 404, body: { Message: 'unexpected' } };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/Account/Create/:type" element={<CreateAccountScreen />} />
    </Routes>,
    { path },
  );
  // The platform administrator: its own company (the platform root, 1) cannot hold a department.
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('DEPARTMENT_ACCOUNT', { Read: true, Create: true })], CompanyAccount: { AccountId: 1, AccountType: 'Reseller', DisplayName: 'Cloud Service Providers', AccountState: 'Active', Views: {} } }));
  return fetch;
}
const bodiesOf = (fetch: ReturnType<typeof installFakeFetch>, operation: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue 10: #/Account/Create/Department opened with an error, its parent defaulting to the
// platform root, which cannot hold a department.
describe('CreateAccountScreen starting parent', () => {
  it('starts from the account the user came from (or the nearest one above it that may hold the type) and only asks defaults for that parent', async () => {
    const fetch = renderScreen('/Account/Create/Department?parentAccountId=1203', contoso);
    expect(await screen.findByRole('textbox', { name: 'Display name' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Parent account' })).toHaveValue('Contoso Ltd');
    expect(bodiesOf(fetch, 'GetDefaultParentForCreate')).toEqual([{ accountType: 'Department', nearAccountId: 1203 }]);
    expect(bodiesOf(fetch, 'GetDefaultAccountViewsForCreate').map((body) => body.parentAccountId)).toEqual([57]);
  });

  it('says so when no account may hold the type, and asks for no defaults', async () => {
    const fetch = renderScreen('/Account/Create/Department', null);
    expect(await screen.findByText('None of the accounts you manage can hold a new account of this kind (Department).')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'GetDefaultParentForCreate')).toEqual([{ accountType: 'Department', nearAccountId: null }]);
    expect(bodiesOf(fetch, 'GetDefaultAccountViewsForCreate')).toEqual([]);
    expect(screen.queryByRole('textbox', { name: 'Display name' })).not.toBeInTheDocument();
  });
});
