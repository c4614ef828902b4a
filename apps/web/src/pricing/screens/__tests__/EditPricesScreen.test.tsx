import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Capability } from '@cmp/contracts/capabilities';
import type { PricePreview } from '@cmp/contracts/pricePreview';
import type { PricedItem, PricingRule } from '@cmp/contracts/pricing';
import { installFakeFetch, type FakeResponse } from '../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { EditPricesScreen } from '../EditPricesScreen';

const mail: PricedItem = {
  PriceableItemId: 501,
  ServiceName: 'SKYLINE_MAIL',
  ServiceDisplayName: 'Skyline Mail',
  ItemName: 'Subscription',
  FeeType: 'Recurring',
  Unit: 'user',
  VendorAccountId: 40,
  VendorName: 'Skyline Software',
  Currency: 'EUR',
  PurchasePrice: '4.10',
  Srp: '6.00',
  SalesPrice: '5.47',
  Margin: '1.37',
  MarginPercent: '25.05',
  IsBelowPurchase: false,
  Rule: { RuleId: 1, RuleName: 'Collaboration margin', Model: 'GrossMargin', Parameter: '25', IsDefaultRule: false },
  Problem: null,
};
const promotion: PricedItem = {
  ...mail,
  PriceableItemId: 502,
  ServiceDisplayName: 'Skyline Backup',
  ItemName: 'Storage',
  FeeType: 'Usage',
  Unit: 'GB',
  PurchasePrice: '0.0210',
  Srp: '0.0300',
  SalesPrice: '0.0199',
  Margin: '-0.0011',
  MarginPercent: '-5.53',
  IsBelowPurchase: true,
  Rule: { RuleId: 5, RuleName: 'Backup promotion', Model: 'Static', Parameter: '0.0199', IsDefaultRule: false },
};
const outdated: PricedItem = { ...mail, PriceableItemId: 503, ServiceDisplayName: 'Orbit Insights', VendorName: 'Orbit Analytics', PurchasePrice: null, Srp: null, SalesPrice: null, Margin: null, MarginPercent: null, Rule: null, Problem: 'exchange_rate_outdated' };

const rule = (PricingRuleId: number, Name: string, Priority: number, fields: Partial<PricingRule> = {}): PricingRule => ({
  PricingRuleId,
  MarketplaceId: 11,
  Name,
  Priority,
  IsDefault: false,
  Model: 'Markup',
  Parameter: '15',
  Scope: { Kind: 'AllServices', Ids: [] },
  ...fields,
});
const rules: PricingRule[] = [
  rule(1, 'Collaboration margin', 1, { Model: 'GrossMargin', Parameter: '25', Scope: { Kind: 'ServiceGroups', Ids: [7] } }),
  rule(2, 'Nimbus partners', 2, { Scope: { Kind: 'Vendors', Ids: [41] } }),
  rule(9, 'Default: SRP', 3, { IsDefault: true, Model: 'Srp', Parameter: null }),
];
const preview: PricePreview = {
  PreviewId: 'preview-1',
  MarketplaceId: 11,
  Currency: 'EUR',
  ItemsCount: 60,
  ChangedItemsCount: 1,
  ChangedItems: [
    {
      PriceableItemId: 501,
      ServiceName: 'SKYLINE_MAIL',
      ServiceDisplayName: 'Skyline Mail',
      ItemName: 'Subscription',
      FeeType: 'Recurring',
      OldPrice: '5.47',
      NewPrice: '5.86',
      OldMargin: '1.37',
      NewMargin: '1.76',
      OldMarginPercent: '25.05',
      NewMarginPercent: '30.03',
      OldRule: mail.Rule,
      NewRule: { RuleId: -1, RuleName: 'Big margin', Model: 'GrossMargin', Parameter: '30.5', IsDefaultRule: false, IsManualPrice: false },
      IsBelowPurchase: false,
    },
  ],
  Customers: [{ AccountId: 7, DisplayName: 'Contoso Ltd', AccountType: 'Company', Subscriptions: 1, MonthlyRevenueDelta: '9.75', MonthlyMarginDelta: '9.75' }],
  MonthlyRevenueDelta: '9.75',
  MonthlyMarginDelta: '9.75',
  CreatedAt: '2026-11-25T23:00:00.000Z',
};
const manager = [capability('MARKETPLACE', { Read: true, Create: true, Delete: true }), capability('PRICING_RULES', { Read: true, Create: true, Delete: true })];

function renderScreen({ capabilities = manager, answers = {} }: { capabilities?: Capability[]; answers?: Record<string, (body: Record<string, unknown>) => FakeResponse> } = {}) {
  const fetch = installFakeFetch((url, init) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (answers[operation]) return answers[operation](body);
    if (operation === 'GetMarketplaces') return { body: { Marketplaces: [{ MarketplaceId: 11, OwnerAccountId: 2, Name: 'Northwind standard', Priority: 1, Currency: 'EUR', Tags: [], CustomersCount: 3, ServicesCount: 30 }] } };
    if (operation === 'GetPriceableItems') {
      const vendors = [{ ...mail, VendorAccountId: 41, VendorName: 'Nimbus Security' }];
      return { body: body.sortBy === 'Vendor' && body.pageSize === 200 ? { Items: vendors, Total: 1 } : { Items: [mail, promotion, outdated], Total: 60 } };
    }
    if (operation === 'GetPricingRules') return { body: { Rules: rules } };
    if (operation === 'PreviewPricingRule') return { body: preview };
    return { body: {} };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/pricelists/:marketplaceId/edit-prices" element={<EditPricesScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/pricelists/11/edit-prices' },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  return { ...rendered, fetch };
}
const bodiesOf = (fetch: ReturnType<typeof installFakeFetch>, operation: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
const gridRequests = (fetch: ReturnType<typeof installFakeFetch>) => bodiesOf(fetch, 'GetPriceableItems').filter((body) => body.pageSize !== 200);

afterEach(() => {
  vi.unstubAllGlobals();
});

// Typing and clicking through dialogs takes seconds on a busy machine: a minute per test.
describe('EditPricesScreen: the prices', { timeout: 60_000 }, () => {
  it('shows each price with its margin and the rule that priced it, in the pricelist currency', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit prices: Northwind standard' })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Prices' });
    const row = within(grid).getByRole('row', { name: /Skyline Mail/ });
    expect(row).toHaveTextContent('Subscription · Recurring · per user');
    expect(row).toHaveTextContent('Skyline Software');
    expect(row).toHaveTextContent(/€4\.10.*€6\.00.*€5\.47.*€1\.37.*25\.05 %/);
    expect(row).toHaveTextContent("Gross margin 25 % — rule 'Collaboration margin'");
    expect(row).not.toHaveTextContent('Below purchase price');
  });

  it('flags a price below purchase in words, keeps usage decimals, and says why an item has no price', async () => {
    renderScreen();
    const grid = await screen.findByRole('table', { name: 'Prices' });
    const below = within(grid).getByRole('row', { name: /Skyline Backup/ });
    expect(below).toHaveTextContent('€0.0199Below purchase price');
    expect(below).toHaveTextContent('-€0.0011');
    expect(below).toHaveTextContent("Static price €0.0199 — rule 'Backup promotion'");
    expect(within(grid).getByRole('row', { name: /Orbit Insights/ })).toHaveTextContent('Exchange rate not up to date.');
  });

  it('sorts, filters and pages on the server', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen();
    await screen.findByRole('table', { name: 'Prices' });
    expect(gridRequests(fetch)[0]).toEqual({ marketplaceId: 11, filter: {}, sortBy: 'Service', sortDirection: 'asc', page: 0, pageSize: 25 });

    await user.click(screen.getByRole('button', { name: 'Sales price' }));
    await waitFor(() => expect(gridRequests(fetch).at(-1)).toMatchObject({ sortBy: 'SalesPrice', sortDirection: 'asc' }));
    await user.click(screen.getByRole('button', { name: 'Sales price' }));
    await waitFor(() => expect(gridRequests(fetch).at(-1)).toMatchObject({ sortBy: 'SalesPrice', sortDirection: 'desc' }));
    expect(screen.getByRole('columnheader', { name: 'Sales price' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(gridRequests(fetch).at(-1)).toMatchObject({ page: 1 }));

    const before = gridRequests(fetch).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search service or item' }), 'mail');
    await waitFor(() => expect(gridRequests(fetch).at(-1)).toMatchObject({ filter: { Text: 'mail' }, page: 0 }));
    // Debounced: one request for the word, not one per key.
    expect(gridRequests(fetch).length - before).toBe(1);

    await user.click(screen.getByRole('switch', { name: 'Only below purchase price' }));
    await waitFor(() => expect(gridRequests(fetch).at(-1)).toMatchObject({ filter: { Text: 'mail', BelowPurchaseOnly: true } }));

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '25', '50', '100', '200']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(gridRequests(fetch).at(-1)).toMatchObject({ pageSize: 50, page: 0 }));
  });
});

describe('EditPricesScreen: manual prices in the grid', { timeout: 60_000 }, () => {
  it('edits a price inline (Escape cancels, Enter keeps it unsaved and flags it below purchase), then saves it', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen({ answers: { UpdateServices: () => ({ body: { UpdatedServices: 0, UpdatedCharges: 1 } }) } });
    const grid = await screen.findByRole('table', { name: 'Prices' });
    const row = within(grid).getByRole('row', { name: /Skyline Mail/ });
    await user.click(within(row).getByRole('button', { name: 'Edit the price of Skyline Mail – Subscription' }));
    const field = within(row).getByRole('textbox', { name: 'Manual price of Skyline Mail – Subscription' });
    expect(field).toHaveValue('5.47');
    await user.clear(field);
    await user.type(field, '9{Escape}');
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('€5.47');
    expect(row).not.toHaveTextContent('Unsaved');

    await user.click(within(row).getByRole('button', { name: 'Edit the price of Skyline Mail – Subscription' }));
    const again = within(row).getByRole('textbox', { name: 'Manual price of Skyline Mail – Subscription' });
    await user.clear(again);
    await user.type(again, '1,2345678{Enter}');
    expect(within(row).getByText('Enter a price such as 12.50, with at most 6 decimals.')).toBeInTheDocument();
    await user.clear(again);
    await user.type(again, '3,99{Enter}');
    expect(row).toHaveTextContent('€3.99Unsaved');
    // Below the purchase price of €4.10: flagged before it is saved.
    expect(row).toHaveTextContent('Below purchase price');
    expect(screen.getByText('Unsaved price changes: 1')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'UpdateServices')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(bodiesOf(fetch, 'UpdateServices')).toEqual([{ marketplaceId: 11, updateCharges: [{ PriceableItemId: 501, SalesPrice: '3.99' }] }]));
    expect(await screen.findByText('Prices saved: 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unsaved price changes: 1')).not.toBeInTheDocument());
  });

  it('sets or clears manual prices for a selection, and says so when saving fails', async () => {
    const user = userEvent.setup();
    const manual = { ...promotion, Rule: { RuleId: 0, RuleName: 'Manual price', Model: 'Static' as const, Parameter: '0.0199', IsDefaultRule: false, IsManualPrice: true } };
    const { fetch } = renderScreen({
      answers: {
        GetPriceableItems: (body) => ({ body: body.pageSize === 200 ? { Items: [], Total: 0 } : { Items: [mail, manual], Total: 2 } }),
        UpdateServices: () => ({ status: 500, body: { Message: 'Unknown error' } }),
      },
    });
    const grid = await screen.findByRole('table', { name: 'Prices' });
    expect(within(grid).getByRole('row', { name: /Skyline Backup/ })).toHaveTextContent('Manual price €0.0199');
    await user.click(within(grid).getByRole('checkbox', { name: 'Select every row on this page' }));
    const bulk = screen.getByRole('group', { name: 'Actions on the selected rows' });
    expect(bulk).toHaveTextContent('Selected: 2');
    await user.click(within(bulk).getByRole('button', { name: 'Clear manual prices' }));
    // Only the item priced by hand has a manual price to clear.
    expect(screen.getByText('Unsaved price changes: 1')).toBeInTheDocument();
    expect(within(grid).getByRole('row', { name: /Skyline Backup/ })).toHaveTextContent('By the rules');

    await user.click(within(grid).getByRole('checkbox', { name: 'Select Skyline Mail – Subscription' }));
    await user.type(within(screen.getByRole('group', { name: 'Actions on the selected rows' })).getByRole('textbox', { name: 'Manual price for the selection' }), '6.5{Enter}');
    expect(screen.getByText('Unsaved price changes: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText("Unable to save prices: the updated pricing couldn't be saved, please try again.")).toBeInTheDocument();
    expect(bodiesOf(fetch, 'UpdateServices')).toEqual([{ marketplaceId: 11, updateCharges: [{ PriceableItemId: 502, SalesPrice: null }, { PriceableItemId: 501, SalesPrice: '6.5' }] }]);
    // The edits stay, to try again.
    expect(screen.getByText('Unsaved price changes: 2')).toBeInTheDocument();
  });
});

describe('EditPricesScreen: the pricing rules', { timeout: 60_000 }, () => {
  it('lists the rules in order with model, parameter and scope; the default rule cannot be moved, edited or deleted', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Pricing rules' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Collaboration margin', 'Nimbus partners', 'Default: SRPDefault']);
    expect(rows[0]).toHaveTextContent('Gross margin 25 %');
    expect(rows[0]).toHaveTextContent('Service groups: 1');
    expect(await within(rows[1]!).findByText('Vendors: Nimbus Security')).toBeInTheDocument();
    expect(within(rows[2]!).queryAllByRole('button')).toEqual([]);
    expect(within(rows[1]!).getByRole('button', { name: 'Move Nimbus partners down' })).toBeDisabled();
  });

  it('checks a rule as the server does before saving it, then reloads rules and prices', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = screen.getByRole('dialog', { name: 'New rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText('Enter a name for the rule.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a percentage.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Rule name' }), 'Big margin');
    await user.click(within(dialog).getByRole('combobox', { name: 'Pricing model' }));
    await user.click(screen.getByRole('option', { name: 'Gross margin' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Gross margin (%)' }), '100');
    await user.click(within(dialog).getByRole('combobox', { name: 'Applies to' }));
    await user.click(screen.getByRole('option', { name: 'Vendors' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText('A gross margin must be below 100 %.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one vendor.')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'PreviewPricingRule')).toEqual([]);

    const parameter = within(dialog).getByRole('textbox', { name: 'Gross margin (%)' });
    await user.clear(parameter);
    // A message goes once its field changes.
    expect(within(dialog).queryByText('A gross margin must be below 100 %.')).not.toBeInTheDocument();
    await user.type(parameter, '30,5');
    await user.click(within(dialog).getByRole('combobox', { name: 'Vendors' }));
    await user.click(await screen.findByRole('option', { name: 'Nimbus Security' }));
    const rulesLoads = bodiesOf(fetch, 'GetPricingRules').length;
    const gridLoads = gridRequests(fetch).length;
    const newRule = { Name: 'Big margin', Model: 'GrossMargin', Parameter: '30.5', Scope: { Kind: 'Vendors', Ids: [41] } };
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    // The preview step: what changes, for whom, and the monthly totals, before anything is saved.
    const previewDialog = await screen.findByRole('dialog', { name: 'Preview: New rule' });
    expect(bodiesOf(fetch, 'PreviewPricingRule')).toEqual([{ marketplaceId: 11, rule: newRule }]);
    expect(previewDialog).toHaveTextContent('Prices changing: 1 of 60 items');
    expect(previewDialog).toHaveTextContent('Monthly revenue +€9.75 · monthly margin +€9.75');
    const changed = within(within(previewDialog).getByRole('table', { name: 'Items whose price changes' })).getByRole('row', { name: /Skyline Mail/ });
    expect(changed).toHaveTextContent(/€5\.47.*€5\.86.*€1\.37 → €1\.76/);
    expect(changed).toHaveTextContent("Gross margin 30.5 % — rule 'Big margin'");
    expect(within(within(previewDialog).getByRole('table', { name: 'Customers affected' })).getByRole('row', { name: /Contoso Ltd/ })).toHaveTextContent('Contoso Ltd1+€9.75+€9.75');
    expect(bodiesOf(fetch, 'SavePricingRule')).toEqual([]);
    await user.click(within(previewDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(fetch, 'SavePricingRule')).toEqual([{ marketplaceId: 11, rule: newRule, previewId: 'preview-1' }]));
    expect(await screen.findByText('The pricing rule Big margin has been saved.')).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(fetch, 'GetPricingRules').length).toBeGreaterThan(rulesLoads));
    await waitFor(() => expect(gridRequests(fetch).length).toBeGreaterThan(gridLoads));
  });

  it('shows the server refusing a rule in the dialog', async () => {
    const user = userEvent.setup();
    renderScreen({ answers: { PreviewPricingRule: () => ({ status: 400, body: { Message: 'The scope names 999, which is not a vendor, a service group of this pricelist\'s owner or a priceable item.' } }) } });
    await user.click(await screen.findByRole('button', { name: 'Edit Collaboration margin' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the rule Collaboration margin' });
    const ids = within(dialog).getByRole('textbox', { name: 'Service group numbers' });
    expect(ids).toHaveValue('7');
    await user.clear(ids);
    await user.type(ids, '7, x');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText('Enter whole numbers separated by commas.')).toBeInTheDocument();
    await user.clear(ids);
    await user.type(ids, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The scope names 999');
  });

  it('prices one item of the grid with a static rule, prefilled with its price', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New rule for Skyline Mail – Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'New rule' });
    expect(within(dialog).getByRole('textbox', { name: 'Sales price (EUR)' })).toHaveValue('5.47');
    expect(within(dialog).getByRole('textbox', { name: 'Priceable item numbers' })).toHaveValue('501');
    expect(dialog).toHaveTextContent('Item 501: Skyline Mail – Subscription');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Preview: New rule' })).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, 'SavePricingRule')).toEqual([
        { marketplaceId: 11, rule: { Name: 'Skyline Mail – Subscription', Model: 'Static', Parameter: '5.47', Scope: { Kind: 'PriceableItems', Ids: [501] } }, previewId: 'preview-1' },
      ]),
    );
  });

  it('says when prices moved since the preview and previews again before saving', async () => {
    const user = userEvent.setup();
    let saves = 0;
    const { fetch } = renderScreen({
      answers: { SavePricingRule: () => (++saves === 1 ? { status: 409, body: { Message: 'Prices changed since the preview. Preview again.' } } : { body: rules[1] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Nimbus partners' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Edit the rule Nimbus partners' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Prices changed since the preview. Preview again.');
    await user.click(within(dialog).getByRole('button', { name: 'Preview again' }));
    await waitFor(() => expect(bodiesOf(fetch, 'PreviewPricingRule')).toHaveLength(2));
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toBe(2));
    expect(await screen.findByText('The pricing rule Nimbus partners has been saved.')).toBeInTheDocument();
  });

  it('moves a rule up with its whole order and deletes one only after the confirmation', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen({ answers: { PrioritizePricingRules: () => ({ body: { Rules: [rules[1], rules[0], rules[2]] } }), DeletePricingRule: () => ({ body: { Rules: [rules[0], rules[2]] } }) } });
    await user.click(await screen.findByRole('button', { name: 'Move Nimbus partners up' }));
    await waitFor(() => expect(bodiesOf(fetch, 'PrioritizePricingRules')).toEqual([{ marketplaceId: 11, pricingRuleIds: [2, 1] }]));

    await user.click(screen.getByRole('button', { name: 'Delete Nimbus partners' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete pricing rule?' });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, 'DeletePricingRule')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Nimbus partners' }));
    // The confirmation previews the deletion's effect, and Yes deletes exactly what was previewed.
    expect(await within(screen.getByRole('alertdialog')).findByText('Skyline Mail')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'PreviewPricingRule')).toContainEqual({ marketplaceId: 11, deletePricingRuleId: 2 });
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesOf(fetch, 'DeletePricingRule')).toEqual([{ pricingRuleId: 2, previewId: 'preview-1' }]));
    expect(await screen.findByText('The pricing rule Nimbus partners has been deleted.')).toBeInTheDocument();
  });

  it('sends every one of quick presses of Move up, in order, showing each new order at once', async () => {
    const user = userEvent.setup();
    const three = [rules[0]!, rules[1]!, rule(3, 'Analytics promotion', 3), { ...rules[2]!, Priority: 4 }];
    const byId = new Map(three.map((each) => [each.PricingRuleId, each]));
    const { fetch } = renderScreen({
      answers: {
        GetPricingRules: () => ({ body: { Rules: three } }),
        PrioritizePricingRules: (body) => ({ body: { Rules: [...(body.pricingRuleIds as number[]).map((id, index) => ({ ...byId.get(id)!, Priority: index + 1 })), three[3]] } }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Pricing rules' });
    const up = within(table).getByRole('button', { name: 'Move Analytics promotion up' });
    await user.click(up);
    // The new order shows before the server answers, so the second press moves it further.
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Collaboration margin', 'Analytics promotion', 'Nimbus partners', 'Default: SRPDefault']);
    await user.click(within(table).getByRole('button', { name: 'Move Analytics promotion up' }));
    await waitFor(() => expect(bodiesOf(fetch, 'PrioritizePricingRules').map((body) => body.pricingRuleIds)).toEqual([[1, 3, 2], [3, 1, 2]]));
    await waitFor(() => expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Analytics promotion'));
    expect(within(table).getByRole('button', { name: 'Move Analytics promotion down' })).toHaveFocus();
  });

  it('shows a reader of pricelists without the rule capability the prices only', async () => {
    renderScreen({ capabilities: [capability('MARKETPLACE', { Read: true })] });
    await screen.findByRole('table', { name: 'Prices' });
    expect(screen.queryByRole('table', { name: 'Pricing rules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New rule/ })).not.toBeInTheDocument();
  });
});
