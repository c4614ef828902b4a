import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { MarketplaceSummary } from '@cmp/contracts/pricing';
import type { PropagationPreview, PropagationRun } from '@cmp/contracts/propagation';
import { installFakeFetch, type FakeResponse } from '../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { PropagationScreen } from '../../screens/PropagationScreen';

// The propagation screen's logic: Propagate only after a preview, conflicting filters deleted only
// after confirmation, a preview whose prices moved made again, the run followed to its end.

const base: MarketplaceSummary = { MarketplaceId: 5, OwnerAccountId: 1, Name: 'Base pricelist', Priority: 1, Currency: 'EUR', Tags: [], CustomersCount: 2, ServicesCount: 30 };
const savedFilter = { PropagationFilterId: 3, VendorFilterType: 'Include', VendorAccountIds: [], TagFilterType: 'Include', Tags: [] };
const filters = (list: unknown[]) => ({ Filters: list, Vendors: [{ AccountId: 40, Name: 'Nimbus Security' }], Tags: ['email'] });
const preview: PropagationPreview = {
  PreviewId: 'p-1',
  MarketplaceId: 5,
  Currency: 'EUR',
  SourceItemsCount: 1,
  UnpricedItemsCount: 0,
  CreatedAt: '2026-11-25T10:00:00.000Z',
  Totals: { TargetPricelists: 1, ChangedItems: 1, ServicesAdded: 0, CustomersAffected: 3, RevenueDelta: [{ Currency: 'EUR', Amount: '4.40' }], MarginDelta: [{ Currency: 'EUR', Amount: '1.10' }] },
  Targets: [
    {
      MarketplaceId: 11,
      Name: 'Northwind standard',
      OwnerAccountId: 2,
      OwnerName: 'Northwind Cloud',
      Currency: 'EUR',
      CustomersCount: 3,
      ItemsCount: 1,
      ChangedItemsCount: 1,
      ServicesAdded: 0,
      RevenueDelta: '4.40',
      MarginDelta: '1.10',
      Changes: [{ PriceableItemId: 1, ServiceName: 'SKYLINE_MAIL', ServiceDisplayName: 'Skyline Mail', ItemName: 'Subscription', FeeType: 'Recurring', OldCost: '4.10', NewCost: '4.43', OldPrice: '5.47', NewPrice: '5.91' }],
    },
  ],
};
const run = (patch: Partial<PropagationRun>): PropagationRun => ({
  RunId: 9,
  MarketplaceId: 5,
  PreviewId: 'p-1',
  Status: 'Running',
  Percentage: 50,
  TotalItems: 2,
  DoneItems: 1,
  ChangedItems: 1,
  Error: null,
  CreatedAt: '2026-11-25T10:00:00.000Z',
  FinishedAt: null,
  ...patch,
});

type Answer = (body: Record<string, unknown>) => FakeResponse;

function renderScreen(answers: Record<string, Answer> = {}) {
  const fetch = installFakeFetch((url, init) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (answers[operation]) return answers[operation](body);
    if (operation === 'GetMarketplaces') return { body: { Marketplaces: [base] } };
    if (operation === 'GetPropagationFilters') return { body: filters([savedFilter]) };
    if (operation === 'GetPropagationStatus') return { body: { Run: null } };
    return { body: {} };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/propagation" element={<PropagationScreen />} />
    </Routes>,
    { path: '/propagation' },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('MARKETPLACE', { Read: true, Create: true, Execute: true, Delete: true })] }));
  return { ...rendered, fetch };
}
const bodiesOf = (fetch: ReturnType<typeof installFakeFetch>, operation: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PropagationScreen', () => {
  it('propagates only after a preview, shows the changes per target pricelist and follows the run to its end', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const { fetch } = renderScreen({
      PreviewPropagation: () => ({ body: preview }),
      Propagate: () => ({ body: { Run: run({ Status: 'Pending', Percentage: 0, DoneItems: 0 }) } }),
      GetPropagationStatus: (body) =>
        body.runId === undefined ? { body: { Run: null } } : { body: { Run: (polls += 1) > 1 ? run({ Status: 'Completed', Percentage: 100, DoneItems: 2, ChangedItems: 2, FinishedAt: '2026-11-25T10:01:00.000Z' }) : run({}) } },
    });
    const propagate = await screen.findByRole('button', { name: 'Propagate' });
    expect(propagate).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Northwind standard (Northwind Cloud)' });
    expect(within(table).getByRole('row', { name: /Skyline Mail – Subscription/ })).toHaveTextContent(/€4\.10.*€4\.43.*€5\.47.*€5\.91/);
    expect(screen.getByText('Customers affected').nextSibling).toHaveTextContent('3');
    await user.click(propagate);
    expect(bodiesOf(fetch, 'Propagate')).toEqual([{ marketplaceId: 5, previewId: 'p-1' }]);
    const propagateCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/Propagate'))!;
    expect(new Headers(propagateCall[1]?.headers).get('Idempotency-Key')).toBe('propagate-p-1');
    const bar = await screen.findByRole('progressbar', { name: 'Propagation progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'), { timeout: 5000 });
    expect(await screen.findByText(/Propagation completed on .*: 2 of 2 items changed\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Propagate' })).toBeDisabled();
  });

  it('says when the prices moved since the preview and asks for a new one', async () => {
    const user = userEvent.setup();
    renderScreen({
      PreviewPropagation: () => ({ body: preview }),
      Propagate: () => ({ status: 409, body: { Message: 'Prices changed since the preview. Preview again.' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    await screen.findByRole('table', { name: 'Northwind standard (Northwind Cloud)' });
    await user.click(screen.getByRole('button', { name: 'Propagate' }));
    expect(await screen.findByText('Prices changed since the preview. Preview again.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Northwind standard (Northwind Cloud)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Propagate' })).toBeDisabled();
  });

  it('deletes conflicting saved filters only after the confirmation', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen({
      SavePropagationFilters: (body) =>
        body.deleteConflicting
          ? { body: filters([{ ...savedFilter, PropagationFilterId: 4, VendorFilterType: 'Exclude' }]) }
          : { status: 409, body: { Message: 'The filters conflict with the saved filters 3.' } },
    });
    await screen.findByRole('group', { name: 'Filter 1' });
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(screen.getByRole('button', { name: 'Save filters' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete conflicting filters?' });
    expect(dialog).toHaveTextContent('The filters conflict with the saved filters 3.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(bodiesOf(fetch, 'SavePropagationFilters')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Save filters' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete conflicting filters?' })).getByRole('button', { name: 'Delete them and save' }));
    await waitFor(() => expect(bodiesOf(fetch, 'SavePropagationFilters')).toHaveLength(3));
    expect(bodiesOf(fetch, 'SavePropagationFilters')[2]).toMatchObject({ marketplaceId: 5, deleteConflicting: true, filters: [{ PropagationFilterId: 3 }, { VendorFilterType: 'Include', VendorAccountIds: [] }] });
    expect(await screen.findByText('The propagation filters have been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filter 2' })).not.toBeInTheDocument();
  });
});
