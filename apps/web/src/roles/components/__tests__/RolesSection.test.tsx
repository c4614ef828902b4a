import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { loadAccountByIdRequestSchema, loadedAccountSchema, type LoadedAccount } from '@cmp/contracts/accountViews';
import { getCapabilitySetsRequestSchema, getCapabilitySetsResponseSchema, getRolesRequestSchema, getRolesResponseSchema } from '@cmp/contracts/roles';
import { bodiesSentTo, operation } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RolesSection } from '../RolesSection';

const account = (AccountType: LoadedAccount['AccountType'], ParentAccountId: number | null): LoadedAccount => ({
  AccountId: 57,
  AccountType,
  DisplayName: 'Contoso Ltd',
  ParentAccountId,
  AccountState: 'Active',
  ProductName: null,
  Hierarchy: [],
  Views: {},
});

function renderSection(loaded: LoadedAccount) {
  apiServer.use(
    operation('IAccountService/LoadAccountById', { request: loadAccountByIdRequestSchema, response: loadedAccountSchema }, () => loaded),
    operation('IAccountService/GetRoles', { request: getRolesRequestSchema, response: getRolesResponseSchema }, () => ({ OwnerCompanyId: 57, Roles: [] })),
    operation('IAccountService/GetCapabilitySets', { request: getCapabilitySetsRequestSchema, response: getCapabilitySetsResponseSchema }, () => ({ OwnerCompanyId: 57, CapabilitySets: [] })),
  );
  renderWithProviders(<RolesSection accountId={57} capabilities={[capability('ROLES', { Read: true })]} />);
}

describe('RolesSection (issue 17: per owning organisation)', () => {
  it('shows the roles and capability sets of a company, read-only without Roles Create', async () => {
    renderSection(account('Company', 2));
    expect(await screen.findByRole('heading', { level: 2, name: 'Roles' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Capability sets' })).toBeInTheDocument();
    expect(await screen.findByText('This organisation has no roles yet.')).toBeInTheDocument();
    expect(await screen.findByText('This organisation has no capability sets yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
  });

  it('shows them for the platform owner, the root account', async () => {
    renderSection(account('Reseller', null));
    expect(await screen.findByRole('heading', { level: 2, name: 'Roles' })).toBeInTheDocument();
  });

  it('shows nothing for a department, which owns no roles', async () => {
    renderSection(account('Department', 57));
    await vi.waitFor(() => expect(bodiesSentTo('IAccountService/LoadAccountById')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Roles' })).not.toBeInTheDocument();
    expect(bodiesSentTo('IAccountService/GetRoles')).toEqual([]);
  });
});
