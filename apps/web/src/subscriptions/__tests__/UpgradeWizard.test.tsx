import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import type { UpgradeOption, UpgradeOptions, UpgradeResult } from '@cmp/contracts/upgrades';
import { installFakeFetch, type FakeResponse } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { UpgradeWizard } from '../upgrade/UpgradeWizard';

const operationOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const TERM_END = '2027-11-30T00:00:00.000Z';

const plus: UpgradeOption = {
  UpgradeProcessId: 7,
  Kind: 'Upgrade',
  ProductName: 'NIMBUS_ENDPOINT_PLUS',
  DisplayName: 'Nimbus Endpoint Protection Plus',
  Description: 'Endpoint protection with detection and response.',
  VendorName: 'Nimbus Security',
  UnitPrice: '6.44',
  Currency: 'EUR',
  PriceRule: 'Standard margin (Markup 15%)',
  IsTermOffered: true,
  ExistingSubscriptions: [{ AccountId: 52, AccountName: 'Plus for the lab', Quantity: 4, Commitment: 'annual', BillingFrequency: 'Monthly', UnitPrice: '6.10', Currency: 'EUR', MinimumContractEndDate: '2027-06-30T00:00:00.000Z' }],
};
const basic: UpgradeOption = {
  UpgradeProcessId: 8,
  Kind: 'Downgrade',
  ProductName: 'NIMBUS_ENDPOINT_BASIC',
  DisplayName: 'Nimbus Endpoint Basic',
  Description: 'Antivirus only.',
  VendorName: 'Nimbus Security',
  UnitPrice: '1.90',
  Currency: 'EUR',
  PriceRule: null,
  IsTermOffered: true,
  ExistingSubscriptions: [{ AccountId: 53, AccountName: 'Basic for the kiosks', Quantity: 2, Commitment: 'annual', BillingFrequency: 'Monthly', UnitPrice: '1.70', Currency: 'EUR', MinimumContractEndDate: null }],
};
const legacy: UpgradeOption = { ...plus, UpgradeProcessId: 9, ProductName: 'NIMBUS_LEGACY', DisplayName: 'Nimbus Legacy Suite', IsTermOffered: false, ExistingSubscriptions: [] };

const options: UpgradeOptions = {
  Source: {
    AccountId: 41,
    AccountName: 'Endpoint Protection',
    ParentAccountId: 57,
    ProductName: 'NIMBUS_ENDPOINT',
    ServiceDisplayName: 'Nimbus Endpoint Protection',
    Status: 'Active',
    Quantity: 5,
    Commitment: 'annual',
    BillingFrequency: 'Monthly',
    IsPrepaid: false,
    UnitPrice: '3.22',
    Currency: 'EUR',
    MinimumContractEndDate: TERM_END,
    RefundableUntil: '2026-12-02T10:00:00.000Z',
  },
  Options: [plus, basic, legacy],
  CanUpgrade: true,
  Blocker: null,
};

/** What the server would answer for the request (the contract's shape). */
function resultOf(body: Record<string, unknown>, isPreview: boolean): UpgradeResult {
  const option = [plus, basic, legacy].find((candidate) => candidate.UpgradeProcessId === body.upgradeProcessId)!;
  const moved = typeof body.quantity === 'number' ? body.quantity : 5;
  const existing = option.ExistingSubscriptions.find((candidate) => candidate.AccountId === body.targetAccountId);
  const isDowngrade = option.Kind === 'Downgrade';
  return {
    UpgradeProcessId: option.UpgradeProcessId,
    CreditCheck: null,
    Kind: option.Kind,
    UpgradeType: moved === 5 ? 'Full' : 'Partial',
    Outcome: isDowngrade ? 'Scheduled' : 'Applied',
    EffectiveDate: isDowngrade ? TERM_END : '2026-11-27T10:00:00.000Z',
    Source: { AccountId: 41, ProductName: 'NIMBUS_ENDPOINT', DisplayName: 'Nimbus Endpoint Protection', IsNew: false, Ends: moved === 5, QuantityBefore: 5, QuantityAfter: 5 - moved, Commitment: 'annual', BillingFrequency: 'Monthly', UnitPrice: '3.22', Currency: 'EUR', PriceRule: null, MinimumContractEndDate: TERM_END, RefundableUntil: null },
    Target: {
      AccountId: existing ? existing.AccountId : isPreview ? null : 60,
      ProductName: option.ProductName,
      DisplayName: option.DisplayName,
      IsNew: !existing,
      Ends: false,
      QuantityBefore: existing ? existing.Quantity : 0,
      QuantityAfter: (existing ? existing.Quantity : 0) + moved,
      Commitment: 'annual',
      BillingFrequency: 'Monthly',
      UnitPrice: existing ? existing.UnitPrice : option.UnitPrice,
      Currency: 'EUR',
      PriceRule: existing ? null : option.PriceRule,
      MinimumContractEndDate: TERM_END,
      RefundableUntil: existing ? null : '2026-12-02T10:00:00.000Z',
    },
    DroppedScheduledChanges: [{ Id: 3, Kind: 'Quantity', Value: '7', CreatedAt: '2026-11-20T10:00:00.000Z', CreatedByName: 'Company Admin' }],
    ProvisioningRequestIds: isPreview || isDowngrade ? [] : [90, 91],
    IsPreview: isPreview,
  };
}

const tenantField: LayoutField = {
  Name: 'TenantName',
  View: 'Product_NIMBUS_ENDPOINT_PLUS',
  Value: null,
  InitialValue: null,
  DisplayValue: 'Console tenant',
  DisplayTemplate: 'Text',
  EnumName: null,
  EnumMembers: [],
  EnumsLoaded: false,
  Type: 'string',
  Required: true,
  MaxLength: 40,
  Pattern: null,
  Unique: false,
  RemoteCheck: null,
  ReadOnly: false,
  CreateOnly: false,
  MfaProtected: false,
};
const plusLayout: LayoutPage[] = [{ Id: 'Overview', Name: 'Overview', DisplayValue: 'Overview', Containers: [{ Id: 'Settings', Name: 'Settings', DisplayValue: 'Service settings', Fields: [tenantField] }] }];

/** The same upgrade over Contoso's credit limit: it waits for approval (issue 30 item 2). */
function heldOver(result: UpgradeResult): UpgradeResult {
  return {
    ...result,
    Outcome: 'PendingApproval',
    ProvisioningRequestIds: [],
    CreditCheck: { ChangeValue: '14.40', Currency: 'EUR', OpenBalance: '4995.00', CreditLimit: '5000.00', ProjectedInvoice: '5009.40', NeedsApproval: true, OrderId: result.IsPreview ? null : 88 },
  };
}

function renderWizard(answers: { options?: UpgradeOptions; layout?: LayoutPage[]; upgrade?: (body: Record<string, unknown>, attempt: number) => FakeResponse; overLimit?: boolean } = {}) {
  let upgrades = 0;
  const fetch = installFakeFetch((url, init) => {
    const operation = operationOf(url);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (operation === 'GetUpgradeOptions') return { body: answers.options ?? options };
    if (operation === 'GetViewLayout') return answers.layout ? { body: { Pages: answers.layout } } : { status: 404, body: { Message: 'Viewlayout contains no Pages' } };
    const answerOf = (isPreview: boolean) => (answers.overLimit ? heldOver(resultOf(body, isPreview)) : resultOf(body, isPreview));
    if (operation === 'PreviewUpgrade') return { body: answerOf(true) };
    if (operation === 'Upgrade') {
      upgrades += 1;
      return answers.upgrade?.(body, upgrades) ?? { body: answerOf(false) };
    }
    return { status: 404, body: {} };
  });
  const rendered = renderWithProviders(<UpgradeWizard accountId={41} />);
  const calls = (operation: string) =>
    fetch.mock.calls.filter(([url]) => operationOf(String(url)) === operation).map(([, init]) => ({ body: JSON.parse(String(init?.body)) as Record<string, unknown>, key: new Headers(init?.headers).get('Idempotency-Key') }));
  return { ...rendered, calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UpgradeWizard', () => {
  it('shows the subscription and its upgrade paths: kind, price, what a downgrade and a term not offered mean', async () => {
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 1 of 3: Select service' })).toBeInTheDocument();
    expect(screen.getByText('Nimbus Endpoint Protection')).toBeInTheDocument();
    expect(screen.getByText('1 year')).toBeInTheDocument();
    expect(screen.getByText('€3.22 per unit')).toBeInTheDocument();
    expect(screen.getByText('Endpoint Protection')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Services it can become' });
    const plusRow = within(table).getByRole('row', { name: /Nimbus Endpoint Protection Plus/ });
    expect(within(plusRow).getByText('€6.44 per unit')).toBeInTheDocument();
    expect(within(plusRow).getByText('Upgrade')).toBeInTheDocument();
    expect(within(plusRow).getByText('Existing subscriptions of this service: 1')).toBeInTheDocument();
    const basicRow = within(table).getByRole('row', { name: /Nimbus Endpoint Basic/ });
    expect(within(basicRow).getByText('Downgrade')).toBeInTheDocument();
    expect(within(basicRow).getByText('A downgrade takes effect at the term end, Nov 30, 2027.')).toBeInTheDocument();
    // Without the term and without an existing subscription the option cannot be chosen, and says why.
    expect(screen.getByRole('radio', { name: 'Nimbus Endpoint Basic' })).toBeEnabled();
    const legacyRadio = screen.getByRole('radio', { name: 'Nimbus Legacy Suite' });
    expect(legacyRadio).toBeDisabled();
    expect(legacyRadio).toHaveAccessibleDescription(/does not offer the subscription's term and there is no existing subscription/);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('validates the seats of a partial upgrade, previews it into a new subscription and upgrades with one Idempotency-Key', async () => {
    const { user, calls } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: 'Nimbus Endpoint Protection Plus' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: Configure' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: /^All seats \(5\)/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^A new subscription of Nimbus Endpoint Protection Plus/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Some seats/ }));
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    const seats = screen.getByRole('textbox', { name: 'Number of seats to move' });
    expect(seats).toHaveAccessibleDescription('Number of seats to move: enter how many seats move.');
    await user.type(seats, '5');
    expect(seats).toHaveAccessibleDescription('Number of seats to move: enter a whole number from 1 to 4.');
    expect(calls('PreviewUpgrade')).toHaveLength(0);
    await user.clear(seats);
    await user.type(seats, '2');
    await user.click(screen.getByRole('button', { name: 'Show overview' }));

    expect(await screen.findByRole('heading', { name: 'Step 3 of 3: Overview' })).toBeInTheDocument();
    expect(calls('PreviewUpgrade').map((call) => call.body)).toEqual([{ subId: 41, upgradeProcessId: 7, targetProductName: 'NIMBUS_ENDPOINT_PLUS', targetAccountId: null, quantity: 2 }]);
    expect(screen.getByText('Takes effect at once')).toBeInTheDocument();
    expect(screen.getByText('Upgrading now drops the changes scheduled for the renewal of the current subscription: Quantity 7.')).toBeInTheDocument();
    const source = screen.getByRole('region', { name: 'Current subscription' });
    expect(within(source).getByText('5 → 3')).toBeInTheDocument();
    expect(within(source).getByText('Keeps running with fewer seats')).toBeInTheDocument();
    const target = screen.getByRole('region', { name: 'New subscription' });
    expect(within(target).getByText('2 (new)')).toBeInTheDocument();
    expect(within(target).getByText('€6.44 per unit')).toBeInTheDocument();
    expect(within(target).getByText('Standard margin (Markup 15%)')).toBeInTheDocument();
    expect(within(target).getByText(/^Open until /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('heading', { name: 'Subscription upgraded' })).toBeInTheDocument();
    expect(screen.getByText('2 seats moved from Nimbus Endpoint Protection to a new subscription of Nimbus Endpoint Protection Plus; Nimbus Endpoint Protection keeps the others.')).toBeInTheDocument();
    const upgrade = calls('Upgrade');
    expect(upgrade).toHaveLength(1);
    expect(upgrade[0]!.body).toEqual(calls('PreviewUpgrade')[0]!.body);
    expect(upgrade[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(screen.getByRole('link', { name: 'Open Nimbus Endpoint Protection' })).toHaveAttribute('href', '/account/41/service-info');
    expect(screen.getByRole('link', { name: 'Open the target subscription (Nimbus Endpoint Protection Plus)' })).toHaveAttribute('href', '/account/60/service-info');
  });

  it("asks a new subscription for the target service's view fields, naming a missing one, and sends them", async () => {
    const { user, calls } = renderWizard({ layout: plusLayout });
    await user.click(await screen.findByRole('radio', { name: 'Nimbus Endpoint Protection Plus' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const tenant = await screen.findByRole('textbox', { name: 'Console tenant' });
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByText('Console tenant is required.')).toBeInTheDocument();
    await waitFor(() => expect(tenant).toHaveFocus());
    expect(calls('PreviewUpgrade')).toHaveLength(0);
    await user.type(tenant, ' contoso-lab ');
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByRole('heading', { name: 'Step 3 of 3: Overview' })).toBeInTheDocument();
    expect(calls('PreviewUpgrade')[0]!.body).toEqual({ subId: 41, upgradeProcessId: 7, targetProductName: 'NIMBUS_ENDPOINT_PLUS', targetAccountId: null, viewValues: { TenantName: 'contoso-lab' } });
    expect(calls('GetViewLayout')[0]!.body).toEqual({ type: 'Product', view: 'Product', productName: 'NIMBUS_ENDPOINT_PLUS' });
  });

  it('moves every seat into an existing subscription that keeps its price', async () => {
    const { user, calls } = renderWizard({ layout: plusLayout });
    await user.click(await screen.findByRole('radio', { name: 'Nimbus Endpoint Protection Plus' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const existing = await screen.findByRole('radio', { name: /^The existing subscription Plus for the lab/ });
    expect(existing).toHaveAccessibleName(/4 seats · 1 year · Monthly · keeps its price of €6\.10 per unit/);
    await user.click(existing);
    // An existing subscription has its settings already: none asked.
    expect(screen.queryByRole('textbox', { name: 'Console tenant' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    const target = await screen.findByRole('region', { name: 'Existing subscription' });
    expect(calls('PreviewUpgrade')[0]!.body).toEqual({ subId: 41, upgradeProcessId: 7, targetProductName: 'NIMBUS_ENDPOINT_PLUS', targetAccountId: 52 });
    expect(within(target).getByText('4 → 9')).toBeInTheDocument();
    expect(within(target).getByText('Its own price, unchanged')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Current subscription' })).getByText('Ends now')).toBeInTheDocument();
  });

  it('says an upgrade over the credit limit will wait for approval, asks for it, and says it waits', async () => {
    const { user, calls } = renderWizard({ layout: plusLayout, overLimit: true });
    await user.click(await screen.findByRole('radio', { name: 'Nimbus Endpoint Protection Plus' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: /^The existing subscription Plus for the lab/ }));
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByText('Waits for approval')).toBeInTheDocument();
    expect(screen.getByText(/the projected invoice is €5,009\.40, over the credit limit of €5,000\.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request approval' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade waiting for approval' })).toBeInTheDocument();
    expect(screen.getByText('The change waits for approval as order 88. It is made once approved; you will be told by e-mail.')).toBeInTheDocument();
    expect(calls('Upgrade')).toHaveLength(1);
  });

  it('schedules a downgrade for the term end, all seats only', async () => {
    const { user, calls } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: 'Nimbus Endpoint Basic' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('radio', { name: /^Some seats/ })).toBeDisabled();
    expect(screen.getByText('A downgrade always moves all seats, at the term end.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^The existing subscription Basic for the kiosks/ })).toBeDisabled();
    expect(screen.getByText('A downgrade always makes a new subscription at the term end: it cannot go into an existing one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show overview' }));
    expect(await screen.findByText('Scheduled for the term end, Nov 30, 2027')).toBeInTheDocument();
    expect(calls('PreviewUpgrade')[0]!.body).toEqual({ subId: 41, upgradeProcessId: 8, targetProductName: 'NIMBUS_ENDPOINT_BASIC', targetAccountId: null });
    expect(screen.getByText('The downgrade replaces the changes scheduled for the renewal of the current subscription: Quantity 7.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Current subscription' })).getByText('Ends at the term end, Nov 30, 2027')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule downgrade' }));
    expect(await screen.findByRole('heading', { name: 'Downgrade scheduled' })).toBeInTheDocument();
    expect(calls('Upgrade')).toHaveLength(1);
  });

  it('shows the refusal of a changed subscription (409) above a fresh overview, which is confirmed with a new key', async () => {
    const { user, calls } = renderWizard({
      upgrade: (body, attempt) => (attempt === 1 ? { status: 409, body: { Message: 'The price of the target service changed.' } } : { body: resultOf(body, false) }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Nimbus Endpoint Protection Plus' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Show overview' }));
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The price of the target service changed. The overview below has been worked out again: check it and confirm again.');
    expect(screen.getByRole('heading', { name: 'Step 3 of 3: Overview' })).toBeInTheDocument();
    expect(calls('PreviewUpgrade')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('heading', { name: 'Subscription upgraded' })).toBeInTheDocument();
    const [first, second] = calls('Upgrade');
    expect(first!.key).not.toBe(second!.key);
  });

  it('keeps the refusal once and drops the overview when the subscription can no longer be upgraded (409)', async () => {
    const busy = { status: 409, body: { Message: 'A quantity change of this subscription is still being provisioned: wait until it is done.' } };
    let previews = 0;
    const fetch = installFakeFetch((url, init) => {
      const operation = operationOf(url);
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      if (operation === 'GetUpgradeOptions') return { body: options };
      if (operation === 'PreviewUpgrade') return (previews += 1) === 1 ? { body: resultOf(body, true) } : busy;
      if (operation === 'Upgrade') return busy;
      return { status: 404, body: {} };
    });
    renderWithProviders(<UpgradeWizard accountId={41} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Nimbus Endpoint Protection Plus' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Show overview' }));
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^A quantity change of this subscription is still being provisioned: wait until it is done\.$/);
    expect(screen.queryByRole('region', { name: 'Current subscription' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeDisabled();
    expect(fetch.mock.calls.filter(([url]) => operationOf(String(url)) === 'Upgrade')).toHaveLength(1);
  });

  it('says why a subscription cannot be upgraded now, and that a service has no path', async () => {
    renderWizard({ options: { ...options, CanUpgrade: false, Blocker: 'subscription_change_in_progress' } });
    expect(await screen.findByText('A change of this subscription is still being provisioned: it can be upgraded once that is done.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Nimbus Endpoint Protection Plus' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('names the status of a subscription that is not active', async () => {
    renderWizard({ options: { ...options, Source: { ...options.Source, Status: 'Suspended' }, CanUpgrade: false, Blocker: 'subscription_not_active' } });
    expect(await screen.findByText('The subscription is Suspended: it can be upgraded only while it is Active.')).toBeInTheDocument();
  });

  it('says the caller may not upgrade when there is no blocker but no right either', async () => {
    renderWizard({ options: { ...options, CanUpgrade: false, Blocker: null } });
    expect(await screen.findByText(/^You may not upgrade this subscription/)).toBeInTheDocument();
  });

  it('falls back to a general message for a blocker it does not know', async () => {
    renderWizard({ options: { ...options, CanUpgrade: false, Blocker: 'some_future_reason' } });
    expect(await screen.findByText('This subscription cannot be upgraded now.')).toBeInTheDocument();
  });

  it('shows an empty state when the service has no upgrade path', async () => {
    renderWizard({ options: { ...options, Options: [], CanUpgrade: false } });
    expect(await screen.findByText('Nimbus Endpoint Protection has no upgrade or downgrade path: there is no other service it can become.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/cannot be upgraded|may not upgrade/)).toBeNull();
  });
});
