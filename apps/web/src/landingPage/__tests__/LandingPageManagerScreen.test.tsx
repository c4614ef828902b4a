import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_LANDING_PAGE_TILES,
  getLandingPageLayoutsRequestSchema,
  getLandingPageLayoutsResponseSchema,
  landingPageLayoutResponseSchema,
  resetLandingPageLayoutRequestSchema,
  saveLandingPageLayoutRequestSchema,
  type LandingPageLayouts,
} from '@cmp/contracts/landingPage';
import { createQueryClient } from '../../app/AppProviders';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { buildSessionUser } from '../../test/buildSessionUser';
import { bodiesSentTo, operation } from '../../test/apiHandlers';
import { apiServer } from '../../test/apiServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LandingPageManagerScreen } from '../screens/LandingPageManagerScreen';

function renderEditor(layouts: LandingPageLayouts['Layouts']) {
  apiServer.use(
    operation('IDashboardService/GetLandingPageLayouts', { request: getLandingPageLayoutsRequestSchema, response: getLandingPageLayoutsResponseSchema }, ({ ownerCompanyId }) => ({
      OwnerCompanyId: ownerCompanyId,
      Layouts: layouts,
    })),
    operation('IDashboardService/SaveLandingPageLayout', { request: saveLandingPageLayoutRequestSchema, response: landingPageLayoutResponseSchema }, ({ ownerCompanyId, accountType, tiles }) => ({
      OwnerCompanyId: ownerCompanyId,
      AccountType: accountType,
      Tiles: tiles,
      Source: 'Own',
    })),
    operation('IDashboardService/ResetLandingPageLayout', { request: resetLandingPageLayoutRequestSchema, response: landingPageLayoutResponseSchema }, ({ ownerCompanyId, accountType }) => ({
      OwnerCompanyId: ownerCompanyId,
      AccountType: accountType,
      Tiles: [...DEFAULT_LANDING_PAGE_TILES],
      Source: 'Default',
    })),
  );
  const queryClient = createQueryClient();
  const user = buildSessionUser();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  renderWithProviders(<LandingPageManagerScreen />, { path: '/DashboardManager/Start', queryClient });
  return { ownerCompanyId: user.CompanyAccount.AccountId };
}

const defaults = (types: string[]) => types.map((type) => ({ AccountType: type as 'Company', Tiles: [...DEFAULT_LANDING_PAGE_TILES], Source: 'Default' as const }));
const tileNames = () => within(screen.getByRole('list', { name: 'Dashboard tiles' })).getAllByRole('switch').map((control) => control.closest('li')!.querySelector('label')!.textContent);
const previewOrder = () => within(screen.getByRole('list', { name: 'Tiles in the order the dashboard shows them' })).getAllByRole('listitem').map((item) => item.textContent);

describe('LandingPageManagerScreen (issue 17)', () => {
  it('hides a tile and moves another with the keyboard, previews the result and saves it for the chosen account type', async () => {
    const { ownerCompanyId } = renderEditor(defaults(['Reseller', 'Company', 'Department']));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Companies' }));
    expect(screen.getByRole('heading', { name: 'Dashboard for Companies' })).toBeInTheDocument();
    expect(tileNames()).toEqual(['Revenue and margin', 'Orders waiting for approval', 'Failed provisioning', 'Subscriptions ending', 'Accounts', 'Latest activity']);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Failed provisioning' }));
    const moveUp = screen.getByRole('button', { name: 'Move Latest activity up' });
    moveUp.focus();
    await user.keyboard('{Enter}');
    // The focus stays with the moved tile, and a screen reader hears where it went.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Latest activity up' })).toHaveFocus());
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Latest activity is now at position 5 of 6.');
    expect(previewOrder()).toEqual(['Revenue and margin', 'Orders waiting for approval', 'Subscriptions ending', 'Latest activity', 'Accounts']);

    await user.click(save);
    await waitFor(() =>
      expect(bodiesSentTo('IDashboardService/SaveLandingPageLayout')).toContainEqual({
        ownerCompanyId,
        accountType: 'Company',
        tiles: ['Revenue', 'PendingOrders', 'SubscriptionsEnding', 'LatestAudit', 'AccountCounts'],
      }),
    );
    // A keyboard-and-switch walk through MUI is slow in jsdom on a busy machine.
  }, 60_000);

  it('offers a reset only for an own layout, and asks first', async () => {
    renderEditor([{ AccountType: 'Company', Tiles: ['AccountCounts'], Source: 'Own' }]);
    const user = userEvent.setup();
    const reset = await screen.findByRole('button', { name: 'Reset to default' });
    expect(screen.getByText('Your organisation\'s own layout.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Revenue and margin' })).not.toBeChecked();
    await user.click(reset);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset the layout?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesSentTo('IDashboardService/ResetLandingPageLayout')).toEqual([]);
  });
});
