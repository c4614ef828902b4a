import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountType } from '@cmp/contracts/accounts';
import type { CapabilityObjectType } from '@cmp/contracts/capabilities';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FooterBar } from '../FooterBar';

const create = (...types: CapabilityObjectType[]) => types.map((type) => capability(type, { Read: true, Create: true }));
const userOf = (companyType: AccountType, capabilities: ReturnType<typeof create>) =>
  buildSessionUser({ Capability: capabilities, CompanyAccount: { AccountId: 57, AccountType: companyType, DisplayName: 'Top', AccountState: 'Active', Views: {} } });
const ALL_ACCOUNTS = create('USER_ACCOUNT', 'DEPARTMENT_ACCOUNT', 'COMPANY_ACCOUNT', 'RESELLER_ACCOUNT');

async function openNewMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  return screen.getAllByRole('menuitem');
}

// Issue 10: the New menu offers an account type only with Create on it AND a place for it in the
// caller's hierarchy (ALLOWED_PARENT_TYPES below the caller's company).
describe('FooterBar New menu', () => {
  it.each<[AccountType, string[]]>([
    ['Vendor', ['New user', 'Import accounts']],
    ['Company', ['New user', 'Import accounts', 'New department']],
    ['Reseller', ['New user', 'Import accounts', 'New department', 'New company', 'New reseller']],
  ])('under a %s with Create on every account type offers %j', async (companyType, expected) => {
    renderWithProviders(<FooterBar user={userOf(companyType, ALL_ACCOUNTS)} />);
    expect((await openNewMenu()).map((item) => item.textContent)).toEqual(expected);
  });

  it('still needs the capability', async () => {
    renderWithProviders(<FooterBar user={userOf('Reseller', create('DEPARTMENT_ACCOUNT'))} />);
    expect((await openNewMenu()).map((item) => item.textContent)).toEqual(['New department']);
  });

  it('offers the import only where one of the accounts it creates has a place', async () => {
    renderWithProviders(<FooterBar user={userOf('Vendor', create('COMPANY_ACCOUNT', 'USER_ACCOUNT'))} />);
    expect((await openNewMenu()).map((item) => item.textContent)).toEqual(['New user', 'Import accounts']);
  });

  it('is disabled when nothing can be created anywhere', () => {
    renderWithProviders(<FooterBar user={userOf('Vendor', create('COMPANY_ACCOUNT', 'DEPARTMENT_ACCOUNT'))} />);
    expect(screen.getByRole('button', { name: 'New' })).toBeDisabled();
  });

  it('starts a new account from the account page being shown', async () => {
    renderWithProviders(<FooterBar user={userOf('Company', ALL_ACCOUNTS)} />, { path: '/account/1203/audit-log' });
    const items = await openNewMenu();
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/Account/Create/User?parentAccountId=1203', '/Account/Import', '/Account/Create/Department?parentAccountId=1203']);
  });
});
