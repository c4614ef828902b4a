import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ScheduledTerminationItem } from '@cmp/contracts/accountLifecycle';
import type { AccountTree } from '@cmp/contracts/accountTree';
import type { LoadedAccount } from '@cmp/contracts/accountViews';
import { CAPABILITY_OBJECT_TYPES, type Capability } from '@cmp/contracts/capabilities';
import { installFakeFetch } from '../../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../../test/buildSessionUser';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../../platform/session/currentUser';
import { ACCOUNT_TREE_WIDTH_STORAGE_KEY } from '../../../tree/hooks/useAccountTreeWidth';
import { AccountPageFrame } from '../AccountPageFrame';

// Issue 10: the account page offers only what the caller may see (no tab that then says "no
// permission"), shows a scheduled termination where it applies, and lets the tree be widened.

const PLAIN_USER: Capability[] = [capability('LOGIN', { Execute: true }), capability('MARKETPLACE', { Read: true })];
const ADMINISTRATOR: Capability[] = CAPABILITY_OBJECT_TYPES.map((type) => capability(type, { Read: true, Create: true, Execute: true, Delete: true }));

const userAccount = (AccountId: number, DisplayName: string): LoadedAccount => ({
  AccountId,
  AccountType: 'User',
  DisplayName,
  ParentAccountId: 57,
  AccountState: 'Active',
  ProductName: null,
  Hierarchy: [
    { AccountId: 57, AccountType: 'Company', DisplayName: 'Contoso Ltd' },
    { AccountId, AccountType: 'User', DisplayName },
  ],
  Views: { User: { Values: { Firstname: DisplayName } } },
});
const OWN = userAccount(1203, 'Carl Jensen');
const COLLEAGUE = userAccount(1204, 'Claire Dubois');

const tree = (account: LoadedAccount): AccountTree => ({
  Root: { AccountId: 57, AccountType: 'Company', DisplayName: 'Contoso Ltd', AccountState: 'Active', Icon: 'company', HasChildren: true, ChildCount: 1 },
  Hierarchy: [{ AccountId: 57, AccountType: 'Company', DisplayName: 'Contoso Ltd' }],
  Children: [{ AccountId: account.AccountId, AccountType: 'User', DisplayName: account.DisplayName, AccountState: 'Active', Icon: 'user', HasChildren: false, ChildCount: 0 }],
  Total: 1,
});

function renderFrame(account: LoadedAccount, capabilities: Capability[], terminations: ScheduledTerminationItem[] = []) {
  let scheduled = terminations;
  const fetch = installFakeFetch((url) => {
    if (url.endsWith('/LoadAccountById')) return { body: account };
    if (url.endsWith('/GetAccountTree')) return { body: tree(account) };
    if (url.endsWith('/ListScheduledTerminations')) return { body: { Items: scheduled, TotalCount: scheduled.length } };
    if (url.endsWith('/CancelScheduledTermination')) {
      scheduled = [];
      return { body: { Success: true } };
    }
    return { status: 404, body: { Message: 'Not found.' } };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account/:accountId" element={<AccountPageFrame accountId={account.AccountId} titleKey="routes.account">{null}</AccountPageFrame>} />
    </Routes>,
    { path: `/account/${account.AccountId}` },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  return { ...rendered, fetch };
}
const tabNames = async () => {
  await screen.findByRole('heading', { level: 1, name: /^(Carl Jensen|Claire Dubois)$/ });
  return within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('AccountPageFrame: what the caller may see', () => {
  it('shows a plain user on their own account only the tabs they may use, and names the company without linking it', async () => {
    renderFrame(OWN, PLAIN_USER);
    expect(await tabNames()).toEqual(['Account', 'User security']);
    const path = screen.getByRole('navigation', { name: 'Account path' });
    expect(within(path).getByText('Contoso Ltd')).toBeInTheDocument();
    expect(within(path).queryByRole('link', { name: 'Contoso Ltd' })).not.toBeInTheDocument();
    const company = await screen.findByRole('treeitem', { name: /Contoso Ltd/ });
    expect(within(company).queryByRole('link', { name: /Contoso Ltd/ })).not.toBeInTheDocument();
  });

  it("shows an administrator every tab of a colleague's account, the company linked", async () => {
    renderFrame(COLLEAGUE, ADMINISTRATOR);
    expect(await tabNames()).toEqual(['Account', 'Available services', 'Provisioning', 'Notifications', 'Audit log', 'User log', 'User security']);
    expect(within(screen.getByRole('navigation', { name: 'Account path' })).getByRole('link', { name: 'Contoso Ltd' })).toHaveAttribute('href', '/account/57');
  });

  it('offers the tabs of the capabilities held, one by one', async () => {
    renderFrame(COLLEAGUE, [capability('USER_ACCOUNT', { Read: true }), capability('AUDIT_LOG', { Read: true })]);
    expect(await tabNames()).toEqual(['Account', 'Audit log', 'User log']);
  });
});

describe('AccountPageFrame: a scheduled termination', () => {
  const scheduled: ScheduledTerminationItem = {
    TerminationId: 5,
    AccountId: 1204,
    AccountType: 'User',
    DisplayName: 'Claire Dubois',
    TerminateAt: '2031-03-01T09:00:00Z',
    Reason: 'Leaves the company',
    RequestedByDisplayName: 'Nora Winters',
    RequestedAt: '2030-12-01T09:00:00Z',
  };

  it('shows when and by whom on the account, and cancels it after confirmation', async () => {
    const user = userEvent.setup();
    const { fetch } = renderFrame(COLLEAGUE, ADMINISTRATOR, [scheduled]);
    const notice = await screen.findByRole('region', { name: 'Scheduled terminations' });
    expect(notice).toHaveTextContent(/Termination scheduled for .*2031/);
    expect(notice).toHaveTextContent('Requested by Nora Winters.');
    expect(notice).toHaveTextContent('Reason: Leaves the company');
    await user.click(within(notice).getByRole('button', { name: 'Cancel termination' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the scheduled termination?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel termination' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Scheduled terminations' })).not.toBeInTheDocument());
    const cancelled = fetch.mock.calls.find(([url]) => String(url).endsWith('/CancelScheduledTermination'));
    expect(JSON.parse(String(cancelled?.[1]?.body))).toEqual({ accountId: 1204 });
  });

  it("names the account above whose termination takes this one along, and offers no Cancel without Delete", async () => {
    renderFrame(COLLEAGUE, [capability('USER_ACCOUNT', { Read: true }), capability('DEPARTMENT_ACCOUNT', { Read: true })], [{ ...scheduled, AccountId: 60, AccountType: 'Department', DisplayName: 'Sales' }]);
    const notice = await screen.findByRole('region', { name: 'Scheduled terminations' });
    expect(notice).toHaveTextContent('Sales will be terminated, and this account with it.');
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('AccountPageFrame: the width of the account tree', () => {
  it('is changed with the arrow keys on a separator and remembered in this browser', async () => {
    const user = userEvent.setup();
    const { unmount } = renderFrame(OWN, PLAIN_USER);
    const separator = await screen.findByRole('separator', { name: 'Resize the account tree' });
    expect(separator).toHaveAttribute('aria-valuenow', '280');
    separator.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(separator).toHaveAttribute('aria-valuenow', '312');
    await user.keyboard('{End}');
    expect(separator).toHaveAttribute('aria-valuenow', '640');
    await user.keyboard('{ArrowLeft}');
    expect(localStorage.getItem(ACCOUNT_TREE_WIDTH_STORAGE_KEY)).toBe('624');
    unmount();
    renderFrame(OWN, PLAIN_USER);
    expect(await screen.findByRole('separator', { name: 'Resize the account tree' })).toHaveAttribute('aria-valuenow', '624');
  });
});
