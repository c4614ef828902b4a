import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeSubscriptionQuantityResponse, Subscription } from '@cmp/contracts/subscriptions';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SubscriptionInfo } from '../screens/SubscriptionInfoScreen';

const operationOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const subscription: Subscription = {
  AccountId: 41,
  AccountName: 'Endpoint Protection',
  ProductName: 'NIMBUS_ENDPOINT',
  ServiceDisplayName: 'Nimbus Endpoint Protection',
  Status: 'Active',
  Quantity: 5,
  PendingQuantity: null,
  Commitment: 'annual',
  BillingFrequency: 'Monthly',
  IsPrepaid: false,
  AutoRenew: 'Renew',
  TermStartDate: inDays(-2),
  MinimumContractEndDate: inDays(363),
  LockPeriodEndDate: null,
  HasPriceProtection: true,
  Currency: 'EUR',
  UnitPrice: '3.22',
  PriceRule: 'Standard margin (Markup 15%)',
  BillingPeriod: 'Monthly',
  CancellationWindowHours: 168,
  RefundableQuantity: 5,
  SeatBatches: [{ Id: 1, Kind: 'Purchase', Quantity: 5, RefundableQuantity: 5, RefundableUntil: inDays(5), IsOpen: true, CreatedAt: inDays(-2) }],
  ScheduledChanges: [{ Id: 9, Kind: 'Quantity', Value: '2', CreatedAt: inDays(-1), CreatedByName: 'Company Admin' }],
  ProvisioningHistory: [{ RequestId: 77, Action: 'Create', Quantity: 5, OrderStatus: 'Completed', ProductStatus: 'Active', IsFinalStatus: true, ErrorMessage: null, SendDate: inDays(-2), CreatedAt: inDays(-2) }],
  ChangeAwaitingApproval: null,
  CanChangeQuantity: true,
  CanSetAutoRenew: true,
};

const preview = (body: Record<string, unknown>): ChangeSubscriptionQuantityResponse => {
  const quantity = Number(body.quantity);
  const increase = quantity > 5;
  const applied = increase || (5 - quantity <= 5 && !body.schedule);
  // 50 seats or more are over Contoso's credit limit: the increase waits for approval.
  const held = quantity >= 50;
  return {
    AccountId: 41,
    CreditCheck: held
      ? { ChangeValue: '144.90', Currency: 'EUR', OpenBalance: '4900.00', CreditLimit: '5000.00', ProjectedInvoice: '5044.90', NeedsApproval: true, OrderId: body.preview ? null : 77 }
      : null,
    Outcome: held ? 'PendingApproval' : applied ? 'Applied' : 'Scheduled',
    Direction: increase ? 'Increase' : 'Decrease',
    PreviousQuantity: 5,
    Quantity: quantity,
    ProratedAmount: applied ? '38.64' : null,
    AmountKind: applied ? (increase ? 'Charge' : 'Refund') : null,
    Currency: 'EUR',
    RemainingDays: 363,
    TermDays: 365,
    RefundableQuantity: 5,
    DroppedScheduledChanges: applied ? subscription.ScheduledChanges : [],
    ScheduledChange: null,
    ProvisioningRequestId: body.preview || held ? null : 80,
    IsPreview: Boolean(body.preview),
  };
};

function renderScreen(current: Subscription = subscription) {
  const fetch = installFakeFetch((url, init) => {
    const operation = operationOf(url);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (operation === 'GetSubscription') return { body: { Subscription: current } };
    if (operation === 'ChangeSubscriptionQuantity') return { body: preview(body) };
    if (operation === 'SetAutoRenew') return { body: { AccountId: 41, AutoRenew: body.autoRenew } };
    return { status: 404, body: {} };
  });
  renderWithProviders(<SubscriptionInfo accountId={41} />);
  const calls = (operation: string) => fetch.mock.calls.filter(([url]) => operationOf(String(url)) === operation).map(([, init]) => ({ body: JSON.parse(String(init?.body)) as Record<string, unknown>, headers: init?.headers }));
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubscriptionInfoScreen', () => {
  it('shows the terms, the price and its rule, the open windows, the scheduled changes and the provisioning history', async () => {
    renderScreen();
    expect(await screen.findByText('Nimbus Endpoint Protection')).toBeInTheDocument();
    expect(screen.getByText('1 year')).toBeInTheDocument();
    expect(screen.getByText('€3.22 per unit and month')).toBeInTheDocument();
    expect(screen.getByText('Standard margin (Markup 15%)')).toBeInTheDocument();
    expect(screen.getByText(/the price is fixed for the term/)).toBeInTheDocument();
    const windows = screen.getByRole('table', { name: 'Cancellation windows' });
    expect(within(windows).getByText('Purchase')).toBeInTheDocument();
    expect(within(windows).getByText(/left\)$/)).toBeInTheDocument();
    expect(screen.getByText(/^Quantity 2 — at the renewal on/)).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Provisioning history' });
    expect(within(history).getByText('Create')).toBeInTheDocument();
    expect(within(history).getByText('Completed / Active')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Renew automatically at term end' })).toBeChecked();
  });

  it('validates the new quantity, explains the prorated charge, warns about dropped changes and applies it with an Idempotency-Key', async () => {
    const { user, calls } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Change quantity' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the quantity' });
    const field = within(dialog).getByRole('textbox', { name: 'New quantity' });
    expect(within(dialog).getByText('Enter a quantity other than the current one.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'abc');
    expect(within(dialog).getByText('Enter a whole number from 1 to 100000.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply now' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '17');
    expect(await within(dialog).findByText(/^Applies now\. Prorated charge for the added seats: €38\.64 \(363 of 365 days/)).toBeInTheDocument();
    expect(within(dialog).getByText('Applying this change now drops the changes scheduled for the renewal: Quantity 2.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply now' }));
    await waitFor(() => expect(calls('ChangeSubscriptionQuantity').filter((c) => !c.body.preview)).toHaveLength(1));
    const applied = calls('ChangeSubscriptionQuantity').find((c) => !c.body.preview)!;
    expect(applied.body).toEqual({ accountId: 41, quantity: 17, schedule: false });
    expect(new Headers(applied.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says before an increase over the credit limit that it will wait for approval, and after it that it waits', async () => {
    const { user, calls } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Change quantity' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the quantity' });
    const field = within(dialog).getByRole('textbox', { name: 'New quantity' });
    await user.clear(field);
    await user.type(field, '50');
    expect(await within(dialog).findByText('Waits for approval')).toBeInTheDocument();
    expect(within(dialog).getByText(/the projected invoice is €5,044\.90, over the credit limit of €5,000\.00: the change waits for approval in Request review/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request approval' }));
    await waitFor(() => expect(calls('ChangeSubscriptionQuantity').filter((c) => !c.body.preview)).toHaveLength(1));
    expect(await screen.findByText('The change to 50 waits for approval (order 77).')).toBeInTheDocument();
  });

  it('says when a change is scheduled for the renewal', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Change quantity' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the quantity' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Schedule for the renewal instead of now' }));
    const field = within(dialog).getByRole('textbox', { name: 'New quantity' });
    await user.clear(field);
    await user.type(field, '3');
    expect(await within(dialog).findByText(/^Scheduled for the renewal on /)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Schedule' })).toBeEnabled();
  });

  it('asks before switching auto-renew off, then saves it', async () => {
    const { user, calls } = renderScreen();
    await user.click(await screen.findByRole('switch', { name: 'Renew automatically at term end' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Change auto-renew' });
    expect(within(confirm).getByText(/will end on .* terminated at the vendor/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls('SetAutoRenew').map((c) => c.body)).toEqual([{ accountId: 41, autoRenew: 'Terminate' }]));
  });

  it('links to the upgrade wizard while the subscription is active', async () => {
    renderScreen();
    expect(await screen.findByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade-subscription/41');
  });

  it('offers no upgrade of a subscription that is not active', async () => {
    renderScreen({ ...subscription, Status: 'Suspended' });
    expect(await screen.findByText('Nimbus Endpoint Protection')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('offers no change to a reader', async () => {
    renderScreen({ ...subscription, CanChangeQuantity: false, CanSetAutoRenew: false });
    expect(await screen.findByText('Nimbus Endpoint Protection')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change quantity' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Renew automatically at term end' })).toBeDisabled();
  });
});
