import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { AccountTree, AccountTreeNode, GetAccountTreeRequest } from '@cmp/contracts/accountTree';
import { ACCOUNT_CAPABILITY } from '@cmp/contracts/accounts';
import type { Capability } from '@cmp/contracts/capabilities';
import { installFakeFetch } from '../../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../../test/buildSessionUser';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../../platform/session/currentUser';
import { AccountTreePanel } from '../AccountTreePanel';

interface FakeAccount {
  id: number;
  parent: number | null;
  name: string;
  type: AccountTreeNode['AccountType'];
  state?: AccountTreeNode['AccountState'];
}

const trainees: FakeAccount[] = Array.from({ length: 120 }, (_, i) => ({ id: 100 + i, parent: 7, name: `Trainee ${String(i + 1).padStart(3, '0')}`, type: 'User' }));
const ACCOUNTS: FakeAccount[] = [
  { id: 1, parent: null, name: 'Contoso Ltd', type: 'Company' },
  { id: 2, parent: 1, name: 'Sales', type: 'Department' },
  { id: 7, parent: 1, name: 'Engineering', type: 'Department' },
  { id: 4, parent: 1, name: 'Archive', type: 'Department', state: 'Terminated' },
  { id: 3, parent: 1, name: 'Carl Jensen', type: 'User' },
  { id: 8, parent: 3, name: 'Skyline Design Studio', type: 'Product' },
  { id: 5, parent: 2, name: 'Priya Patel', type: 'User' },
  { id: 6, parent: 2, name: 'Tom Becker', type: 'User' },
  ...trainees,
];

/** A small in-memory GetAccountTree with the server's rules: visible children, paging, hierarchy. */
function answer(request: GetAccountTreeRequest): AccountTree {
  const show = request.showTerminatedAccounts ?? false;
  const visibleChildren = (id: number) => ACCOUNTS.filter((a) => a.parent === id && (show || a.state !== 'Terminated'));
  const node = (a: FakeAccount): AccountTreeNode => {
    const count = visibleChildren(a.id).length;
    return { AccountId: a.id, AccountType: a.type, DisplayName: a.name, AccountState: a.state ?? 'Active', Icon: a.type.toLowerCase() as AccountTreeNode['Icon'], HasChildren: count > 0, ChildCount: count };
  };
  const root = ACCOUNTS.find((a) => a.id === (request.targetRoot ?? 1))!;
  const hierarchy: FakeAccount[] = [];
  for (let at: FakeAccount | undefined = root; at; at = ACCOUNTS.find((a) => a.id === at!.parent)) hierarchy.unshift(at);
  const children = visibleChildren(root.id);
  const skip = request.skip ?? 0;
  return {
    Root: node(root),
    Hierarchy: hierarchy.map((a) => ({ AccountId: a.id, AccountType: a.type, DisplayName: a.name })),
    Children: children.slice(skip, skip + (request.maxRows ?? 100)).map(node),
    Total: children.length,
  };
}

/** A company administrator: reads every account type of the tree. */
const READS_ALL = Object.values(ACCOUNT_CAPABILITY).map((type) => capability(type, { Read: true }));

function renderTree(selectedAccountId: number, capabilities: Capability[] = READS_ALL) {
  const fetch = installFakeFetch((_url, init) => ({ body: answer(JSON.parse(String(init.body)) as GetAccountTreeRequest) }));
  const rendered = renderWithProviders(<AccountTreePanel selectedAccountId={selectedAccountId} />, { path: `/account/${selectedAccountId}` });
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ UserAccountId: 3, Capability: capabilities }));
  const requests = () => fetch.mock.calls.map(([, init]) => JSON.parse(String(init!.body)) as GetAccountTreeRequest);
  return { ...rendered, fetch, requests };
}
const item = (name: string | RegExp) => screen.findByRole('treeitem', { name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AccountTreePanel (spec §7 account tree)', () => {
  it('opens the ancestors of the current account and highlights it, loading only the open levels', async () => {
    const { requests } = renderTree(5);
    const priya = await item(/Priya Patel/);
    expect(priya).toHaveAttribute('aria-selected', 'true');
    expect(await item(/^Contoso Ltd/)).toHaveAttribute('aria-expanded', 'true');
    expect(await item(/^Sales/)).toHaveAttribute('aria-expanded', 'true');
    expect(await item(/Carl Jensen/)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /Archive/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tree', { name: 'Account tree' })).toBeInTheDocument();
    expect(within(priya).getByRole('link')).toHaveAttribute('href', '/account/5');
    expect(requests().map((r) => r.targetRoot)).not.toContain(3);
  });

  it('moves and opens by keyboard, and Enter opens the account', async () => {
    const user = userEvent.setup();
    const { currentPath, requests } = renderTree(5);
    await item(/Priya Patel/);
    await user.tab(); // the switch
    await user.tab();
    expect(screen.getByRole('treeitem', { name: /Priya Patel/ })).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('treeitem', { name: /^Sales/ })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('treeitem', { name: /^Sales/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /Priya Patel/ })).not.toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('treeitem', { name: /^Contoso Ltd/ })).toHaveFocus();

    await user.keyboard('{End}');
    expect(screen.getByRole('treeitem', { name: /Carl Jensen/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(await item(/Skyline Design Studio/)).toBeInTheDocument();
    expect(requests().some((r) => r.targetRoot === 3)).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('treeitem', { name: /Skyline Design Studio/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/account/8');
  });

  it('shows terminated accounts, greyed and named so, only with the switch on', async () => {
    const user = userEvent.setup();
    const { requests } = renderTree(5);
    await item(/Priya Patel/);
    await user.click(screen.getByRole('switch', { name: 'Show terminated accounts' }));
    expect(await item(/^Archive\s+\(Department, terminated\)$/)).toHaveAttribute('aria-selected', 'false');
    expect(requests().some((r) => r.showTerminatedAccounts === true && r.targetRoot === 1)).toBe(true);
  });

  // 120 items rendered and re-rendered in jsdom: seconds on a quiet machine, more while CI runs beside other work.
  it('loads the children of a large node a page at a time, showing how many of the total', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    renderTree(100);
    const more = await item('Load more results (50 of 120)');
    expect(screen.getAllByRole('treeitem', { name: /Trainee/ })).toHaveLength(50);
    await user.click(more);
    const moreAgain = await item('Load more results (100 of 120)');
    await waitFor(() => expect(screen.getByRole('treeitem', { name: /Trainee 051/ })).toHaveFocus());
    act(() => moreAgain.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByRole('treeitem', { name: /Trainee/ })).toHaveLength(120));
    expect(screen.queryByRole('treeitem', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('names an account the caller may not read without linking it, and Enter does not open it (issue 10)', async () => {
    const user = userEvent.setup();
    const { currentPath } = renderTree(3, [capability('LOGIN', { Execute: true })]);
    const company = await item(/^Contoso Ltd/);
    expect(within(company).queryByRole('link', { name: /^Contoso Ltd/ })).not.toBeInTheDocument();
    expect(within(await item(/Carl Jensen/)).getByRole('link')).toHaveAttribute('href', '/account/3');
    act(() => company.focus());
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/account/3');
  });

  it('shows a name the panel cuts short whole in a tooltip, on hover and on keyboard focus (issue 10)', async () => {
    const user = userEvent.setup();
    // jsdom lays nothing out: every name reads as wider than its box, as a long one is in the narrow panel.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(120);
    renderTree(5);
    const priya = await item(/Priya Patel/);
    await user.hover(within(priya).getByRole('link'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Priya Patel');
    await user.unhover(within(priya).getByRole('link'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    act(() => screen.getByRole('treeitem', { name: /^Sales/ }).focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sales');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    vi.restoreAllMocks();
  });
});
