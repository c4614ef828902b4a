import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Capability } from '@cmp/contracts/capabilities';
import type { MarketplaceSummary } from '@cmp/contracts/pricing';
import { installFakeFetch, type FakeResponse } from '../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { PricelistsScreen } from '../PricelistsScreen';

const standard: MarketplaceSummary = { MarketplaceId: 11, OwnerAccountId: 2, Name: 'Northwind standard', Priority: 1, Currency: 'EUR', Tags: ['standard'], CustomersCount: 3, ServicesCount: 30 };
const education: MarketplaceSummary = { ...standard, MarketplaceId: 12, Name: 'Northwind education', Priority: 2, Tags: [], CustomersCount: 0, ServicesCount: 4 };
const manager = [capability('MARKETPLACE', { Read: true, Create: true, Delete: true }), capability('PRICING_RULES', { Read: true, Create: true, Delete: true })];

type Answer = (body: Record<string, unknown>) => FakeResponse;

function renderScreen({ pricelists = [standard, education], capabilities = manager, answers = {} }: { pricelists?: MarketplaceSummary[]; capabilities?: Capability[]; answers?: Record<string, Answer> } = {}) {
  const fetch = installFakeFetch((url, init) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (answers[operation]) return answers[operation](body);
    if (operation === 'GetMarketplaces') return { body: { Marketplaces: pricelists } };
    if (operation === 'GetMarketplaceCustomers') return { body: { Customers: [{ AccountId: 57, DisplayName: 'Contoso Ltd', AccountType: 'Company' }] } };
    return { body: {} };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/pricelists" element={<PricelistsScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/pricelists' },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  return { ...rendered, fetch };
}
const bodiesOf = (fetch: ReturnType<typeof installFakeFetch>, operation: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PricelistsScreen', () => {
  it('lists the pricelists by priority with currency, customers, services and tags, each name leading to its prices', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Your pricelists' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Northwind standard', 'Northwind education']);
    expect(rows[0]).toHaveTextContent(/^1.*EUR.*3.*30.*standard/);
    expect(within(rows[0]!).getByRole('link', { name: 'Northwind standard' })).toHaveAttribute('href', '/pricelists/11/edit-prices');
    expect(screen.getByRole('button', { name: 'Move Northwind standard up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Northwind education down' })).toBeDisabled();
  });

  it('says when there is no pricelist yet and offers to create one', async () => {
    renderScreen({ pricelists: [] });
    expect(await screen.findByText('You have no pricelists yet.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'New pricelist' })).toBeInTheDocument();
  });

  it('creates a pricelist with currency and tags, after checking the name, and shows the server refusing a name in use', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { fetch } = renderScreen({
      answers: { CreateMarketplace: () => (refuse ? { status: 409, body: { Message: 'A pricelist named Schools already exists.' } } : { body: { ...education, Name: 'Schools' } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'New pricelist' }));
    const dialog = screen.getByRole('dialog', { name: 'New pricelist' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'CreateMarketplace')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Schools');
    expect(within(dialog).queryByText('Enter a name.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Currency' }));
    await user.click(screen.getByRole('option', { name: /^CHF/ }));
    const tags = within(dialog).getByRole('combobox', { name: 'Tags' });
    await user.type(tags, 'edu{Enter}');
    await user.type(tags, 'k12');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A pricelist named Schools already exists.');
    expect(bodiesOf(fetch, 'CreateMarketplace')).toEqual([{ marketplaceProperties: { Name: 'Schools', Currency: 'CHF', Tags: ['edu', 'k12'] } }]);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The pricelist Schools has been created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New pricelist' })).not.toBeInTheDocument());
    expect(bodiesOf(fetch, 'GetMarketplaces').length).toBeGreaterThan(1);
  });

  it('edits the properties of a pricelist', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Northwind education' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the pricelist Northwind education' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Northwind schools');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(fetch, 'UpdateMarketplaceProperties')).toEqual([{ marketplaceId: 12, marketplaceProperties: { Name: 'Northwind schools', Currency: 'EUR', Tags: [] } }]));
  });

  it('deletes only after the confirmation, and shows why the server refuses while customers use it', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen({
      answers: { DeleteMarketplace: () => ({ status: 409, body: { Message: 'The pricelist Northwind standard cannot be deleted while customers use it (3).' } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Northwind standard' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete pricelist?' });
    expect(confirm).toHaveTextContent('The pricelist Northwind standard and its pricing rules are deleted.');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, 'DeleteMarketplace')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Northwind standard' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, do it' }));
    expect(await screen.findByText('The pricelist Northwind standard cannot be deleted while customers use it (3).')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'DeleteMarketplace')).toEqual([{ marketplaceId: 11 }]);
  });

  it('moves a pricelist down with the keyboard, sending the whole order, and keeps the focus on it', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen({
      answers: { PrioritizeMarketplaces: () => ({ body: { Marketplaces: [{ ...education, Priority: 1 }, { ...standard, Priority: 2 }] } }) },
    });
    await screen.findByRole('table', { name: 'Your pricelists' });
    // The first row's "up" is disabled, so Tab lands on its "down".
    screen.getByRole('link', { name: 'Northwind standard' }).focus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Move Northwind standard down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bodiesOf(fetch, 'PrioritizeMarketplaces')).toEqual([{ marketplacePriorityList: [12, 11] }]));
    expect(await screen.findByText('Northwind standard now has priority 2.')).toBeInTheDocument();
    const names = within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual(['Northwind education', 'Northwind standard']);
    // At the bottom, "down" is off: the focus goes to its "up".
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Northwind standard up' })).toHaveFocus());
  });

  it("lists a pricelist's customers", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Customers of Northwind standard' }));
    const dialog = screen.getByRole('dialog', { name: 'Customers of Northwind standard' });
    expect(await within(dialog).findByRole('link', { name: 'Contoso Ltd' })).toHaveAttribute('href', '/account/57');
    expect(dialog).toHaveTextContent('Company');
  });

  it('offers a reader no creating, editing, moving or deleting', async () => {
    renderScreen({ capabilities: [capability('MARKETPLACE', { Read: true })] });
    await screen.findByRole('table', { name: 'Your pricelists' });
    expect(screen.queryByRole('button', { name: 'New pricelist' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Move) / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Customers of Northwind standard' })).toBeInTheDocument();
  });
});
