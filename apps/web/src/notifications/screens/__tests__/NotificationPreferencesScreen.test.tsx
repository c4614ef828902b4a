import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { okResponseSchema } from '@cmp/contracts/auth';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  getNotificationPreferencesRequestSchema,
  getNotificationPreferencesResponseSchema,
  saveNotificationPreferencesRequestSchema,
} from '@cmp/contracts/notifications';
import { bodiesSentTo, operation } from '../../../test/apiHandlers';
import { accountFrameHandlers } from '../../../test/accountFrameHandlers';
import { apiServer } from '../../../test/apiServer';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { NotificationPreferencesScreen } from '../NotificationPreferencesScreen';

function renderScreen(flags: { Read: boolean; Create: boolean }, path = '/account/57/notifications') {
  apiServer.use(
    ...accountFrameHandlers({ AccountId: 57 }),
    operation('INotificationService/GetNotificationPreferences', { request: getNotificationPreferencesRequestSchema, response: getNotificationPreferencesResponseSchema }, () => ({
      AccountId: 57,
      Preferences: DEFAULT_NOTIFICATION_PREFERENCES,
      IsDefault: true,
      UpdatedAt: null,
    })),
    operation('INotificationService/SaveNotificationPreferences', { request: saveNotificationPreferencesRequestSchema, response: okResponseSchema }, () => ({ Success: true })),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account/:accountId/notifications" element={<NotificationPreferencesScreen />} />
      <Route path="/Account/View/:accountId/Notifications" element={<NotificationPreferencesScreen />} />
    </Routes>,
    { path },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('NOTIFICATIONS', flags)] }));
  return rendered;
}
const saves = () => bodiesSentTo('INotificationService/SaveNotificationPreferences');

describe('NotificationPreferencesScreen', () => {
  it('refuses to save without a commitment period and says so on the field (spec §5)', async () => {
    const user = userEvent.setup();
    renderScreen({ Read: true, Create: true });
    for (const name of ['1 month', '1 year', '3 years']) await user.click(await screen.findByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Select at least one commitment period');
    expect(screen.getByRole('checkbox', { name: '1 year' })).toHaveAccessibleDescription(/Select at least one commitment period/);
    expect(saves()).toEqual([]);
  });

  it('saves the chosen e-mails', async () => {
    const user = userEvent.setup();
    renderScreen({ Read: true, Create: true }, '/Account/View/57/Notifications');
    await user.click(await screen.findByRole('checkbox', { name: 'Invoices' }));
    await user.click(screen.getByRole('checkbox', { name: '1 month' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saves()).toEqual([{ accountId: 57, preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, Invoices: false, CommitmentPeriods: ['annual', '3-year'] } }]),
    );
  });

  it('shows the preferences read-only without Create', async () => {
    renderScreen({ Read: true, Create: false });
    expect(await screen.findByRole('checkbox', { name: 'Invoices' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
