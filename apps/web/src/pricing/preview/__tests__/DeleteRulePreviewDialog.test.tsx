import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PricePreview } from '@cmp/contracts/pricePreview';
import type { PricingRule } from '@cmp/contracts/pricing';
import { installFakeFetch, type FakeResponse } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DeleteRulePreviewDialog } from '../DeleteRulePreviewDialog';

// Issue 13: deleting a rule shows what the deletion does before it is confirmed, and deletes exactly that.

const rule: PricingRule = { PricingRuleId: 2, MarketplaceId: 11, Name: 'Nimbus partners', Priority: 2, IsDefault: false, Model: 'Markup', Parameter: '12', Scope: { Kind: 'AllServices', Ids: [] } };
const previewNumber = (n: number): PricePreview => ({
  PreviewId: `preview-${n}`,
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
      NewPrice: n === 1 ? '6.00' : '6.50',
      OldMargin: '1.37',
      NewMargin: '1.90',
      OldMarginPercent: '25.05',
      NewMarginPercent: '31.67',
      OldRule: { RuleId: 2, RuleName: 'Nimbus partners', Model: 'Markup', Parameter: '12', IsDefaultRule: false, IsManualPrice: false },
      NewRule: { RuleId: 9, RuleName: 'Default: SRP', Model: 'Srp', Parameter: null, IsDefaultRule: true, IsManualPrice: false },
      IsBelowPurchase: false,
    },
  ],
  Customers: [],
  MonthlyRevenueDelta: '0.53',
  MonthlyMarginDelta: '0.53',
  CreatedAt: '2026-11-25T23:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeleteRulePreviewDialog', { timeout: 60_000 }, () => {
  it('previews the deletion, says so when prices moved, and deletes with the fresh preview after Preview again', async () => {
    const user = userEvent.setup();
    let previews = 0;
    const fetch = installFakeFetch(() => ({ body: previewNumber(++previews) }));
    const onDelete = vi.fn<(rule: PricingRule, previewId: string | undefined) => Promise<string | undefined>>();
    onDelete.mockResolvedValueOnce('Prices changed since the preview. Preview again.').mockResolvedValueOnce(undefined);
    renderWithProviders(<DeleteRulePreviewDialog marketplaceId={11} rule={rule} onDelete={onDelete} onClose={() => undefined} />);

    const dialog = screen.getByRole('alertdialog', { name: 'Delete pricing rule?' });
    expect(within(dialog).getByText(/The rule Nimbus partners is deleted/)).toBeInTheDocument();
    expect(await within(dialog).findByText('Skyline Mail')).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ marketplaceId: 11, deletePricingRuleId: 2 });

    await user.click(within(dialog).getByRole('button', { name: 'Yes, do it' }));
    expect(onDelete).toHaveBeenLastCalledWith(rule, 'preview-1');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Prices changed since the preview. Preview again.');

    await user.click(within(dialog).getByRole('button', { name: 'Preview again' }));
    await waitFor(() => expect(previews).toBe(2));
    await user.click(await within(dialog).findByRole('button', { name: 'Yes, do it' }));
    expect(onDelete).toHaveBeenLastCalledWith(rule, 'preview-2');
  });

  it('waits for the preview when Yes is pressed while it loads, and deletes exactly that', async () => {
    const user = userEvent.setup();
    let answer: (response: FakeResponse) => void = () => undefined;
    const fetch = installFakeFetch(() => new Promise<FakeResponse>((resolve) => (answer = resolve)));
    const onDelete = vi.fn<(rule: PricingRule, previewId: string | undefined) => Promise<string | undefined>>().mockResolvedValue(undefined);
    renderWithProviders(<DeleteRulePreviewDialog marketplaceId={11} rule={rule} onDelete={onDelete} onClose={() => undefined} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const dialog = screen.getByRole('alertdialog', { name: 'Delete pricing rule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, do it' }));
    expect(onDelete).not.toHaveBeenCalled();
    answer({ body: previewNumber(1) });
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(rule, 'preview-1'));
  });

  it('still confirms a deletion when no preview can be made', async () => {
    const user = userEvent.setup();
    installFakeFetch(() => ({ status: 403, body: { Message: 'Access denied.' } }));
    const onDelete = vi.fn<(rule: PricingRule, previewId: string | undefined) => Promise<string | undefined>>().mockResolvedValue(undefined);
    renderWithProviders(<DeleteRulePreviewDialog marketplaceId={11} rule={rule} onDelete={onDelete} onClose={() => undefined} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete pricing rule?' });
    expect(await within(dialog).findByText('Access denied.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, do it' }));
    expect(onDelete).toHaveBeenCalledWith(rule, undefined);
  });
});
