import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { LoadedAccount } from '@cmp/contracts/accountViews';
import { installFakeFetch } from '../../../test/fakeFetch';
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
  const fetch = installFakeFetch((url) => {
    if (url.endsWith('/LoadAccountById')) return { body: loaded };
    if (url.endsWith('/GetRoles')) return { body: { OwnerCompanyId: 57, Roles: [] } };
    if (url.endsWith('/GetCapabilitySets')) return { body: { OwnerCompanyId: 57, CapabilitySets: [] } };
    return { status: 404, body: { Message: 'Not found.' } };
  });
  renderWithProviders(<RolesSection accountId={57} capabilities={[capability('ROLES', { Read: true })]} />);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const fetch = renderSection(account('Department', 57));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/LoadAccountById'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Roles' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/GetRoles'))).toBe(false);
  });
});
