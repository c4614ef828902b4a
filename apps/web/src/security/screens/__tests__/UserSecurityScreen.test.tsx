import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { okResponseSchema, sessionUserSchema, type SessionUser } from '@cmp/contracts/auth';
import {
  authenticationMethodIdRequestSchema,
  disableUserMfaRequestSchema,
  getAuthenticationMethodsRequestSchema,
  getAuthenticationMethodsResponseSchema,
  impersonateRequestSchema,
  renameAuthenticationMethodRequestSchema,
  type MfaMethod,
} from '@cmp/contracts/identity';
import { accountFrameHandlers } from '../../../test/accountFrameHandlers';
import { bodiesSentTo, operation } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { UserSecurityScreen } from '../UserSecurityScreen';

const phone: MfaMethod = {
  Id: 4,
  Name: 'Phone',
  AuthenticationMethod: 'AuthenticatorApp',
  IsPrimary: true,
  IsEnabled: true,
  IsPending: false,
  CreatedAt: '2024-05-01T08:30:00Z',
};
const mail: MfaMethod = { ...phone, Id: 7, Name: 'Work mail', AuthenticationMethod: 'Email', IsPrimary: false, IsEnabled: false };

function renderScreen(sessionUser: SessionUser, accountId: number, methods: { Methods: MfaMethod[]; IsMfaEnforced: boolean }) {
  const ok = () => ({ Success: true });
  apiServer.use(
    ...accountFrameHandlers({ AccountId: accountId, AccountType: 'User', DisplayName: 'Claire Dubois' }),
    operation('IAccountService/GetAuthenticationMethods', { request: getAuthenticationMethodsRequestSchema, response: getAuthenticationMethodsResponseSchema }, () => methods),
    operation('IAccountService/DeleteAuthenticationMethod', { request: authenticationMethodIdRequestSchema, response: okResponseSchema }, ok),
    operation('IAccountService/RenameAuthenticationMethod', { request: renameAuthenticationMethodRequestSchema, response: okResponseSchema }, ok),
    operation('IAccountService/DisableUserMfa', { request: disableUserMfaRequestSchema, response: okResponseSchema }, ok),
    operation('IAuthorizationService/Impersonate', { request: impersonateRequestSchema, response: sessionUserSchema }, () =>
      buildSessionUser({ UserAccountId: accountId, ImpersonatorAccountId: sessionUser.UserAccountId }),
    ),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account/:accountId/user-security" element={<UserSecurityScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: `/account/${accountId}/user-security` },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, sessionUser);
  return rendered;
}

describe('UserSecurityScreen (spec §4 MFA methods)', () => {
  it("lists one's own methods with their actions and the two ways to add one", async () => {
    renderScreen(buildSessionUser(), 1203, { Methods: [phone, mail], IsMfaEnforced: false });

    const table = await screen.findByRole('table', { name: 'Multi-factor authentication' });
    const phoneRow = within(table).getByRole('row', { name: /Phone/ });
    expect(phoneRow).toHaveTextContent('Authenticator app');
    expect(phoneRow).toHaveTextContent('Primary');
    expect(phoneRow).toHaveTextContent('Enabled');
    expect(within(phoneRow).getByRole('button', { name: 'Disable' })).toHaveAccessibleDescription('Phone');
    const mailRow = within(table).getByRole('row', { name: /Work mail/ });
    expect(within(mailRow).getByRole('button', { name: 'Enable' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add e-mail codes' })).toBeInTheDocument();
  });

  it('keeps the last enabled method of an MFA-enforced user and says why', async () => {
    renderScreen(buildSessionUser(), 1203, { Methods: [phone, mail], IsMfaEnforced: true });

    const row = await screen.findByRole('row', { name: /Phone/ });
    expect(within(row).getByRole('button', { name: 'Disable' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByText(/your last enabled method cannot be disabled or deleted/)).toBeInTheDocument();
    // The disabled one may go.
    expect(within(screen.getByRole('row', { name: /Work mail/ })).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('deletes a method only after "Yes, do it"', async () => {
    const user = userEvent.setup();
    renderScreen(buildSessionUser(), 1203, { Methods: [phone, mail], IsMfaEnforced: false });
    const mailRow = await screen.findByRole('row', { name: /Work mail/ });

    await user.click(within(mailRow).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodiesSentTo('IAccountService/DeleteAuthenticationMethod')).toEqual([]);

    await user.click(within(mailRow).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/DeleteAuthenticationMethod')).toEqual([{ authenticationMethodId: 7 }]));
  });

  it('renames a method in its dialog, saving only a new name', async () => {
    const user = userEvent.setup();
    renderScreen(buildSessionUser(), 1203, { Methods: [phone, mail], IsMfaEnforced: false });
    await user.click(within(await screen.findByRole('row', { name: /Phone/ })).getByRole('button', { name: 'Rename' }));

    const dialog = await screen.findByRole('dialog', { name: 'Rename method' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Phone');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Work phone{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo('IAccountService/RenameAuthenticationMethod')).toEqual([{ authenticationMethodId: 4, newName: 'Work phone' }]);
  });

  it("shows another user's methods read-only, with Disable MFA and Sign in as this user for those allowed", async () => {
    const admin = buildSessionUser({
      UserAccountId: 1,
      Capability: [capability('LOGIN', { Execute: true }), capability('DISABLE_MFA', { Execute: true }), capability('IMPERSONATE', { Execute: true })],
    });
    const user = userEvent.setup();
    const { currentPath, queryClient } = renderScreen(admin, 1203, { Methods: [phone], IsMfaEnforced: false });

    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add authenticator app' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disable MFA' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/DisableUserMfa')).toEqual([{ userAccountId: 1203 }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Sign in as this user' }));
    await waitFor(() => expect(currentPath()).toBe('/Dashboard'));
    // The session user is replaced in place, so the header (which observes it) shows the new identity.
    expect(queryClient.getQueryData<SessionUser>(CURRENT_USER_QUERY_KEY)?.ImpersonatorAccountId).toBe(1);
    expect(bodiesSentTo('IAuthorizationService/Impersonate')).toEqual([{ userAccountId: 1203 }]);
  });

  it('offers neither action without the capabilities', async () => {
    renderScreen(buildSessionUser({ UserAccountId: 1 }), 1203, { Methods: [phone], IsMfaEnforced: false });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Disable MFA' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in as this user' })).not.toBeInTheDocument();
  });
});
