import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { installFakeFetch } from '../../../test/fakeFetch';
import { buildSessionUser } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { clearPendingMfaSignIn, getPendingMfaSignIn, keepPendingMfaSignIn, type SignInMethod } from '../../state/pendingMfaSignIn';
import { LoginMfaScreen } from '../LoginMfaScreen';
import { SelectMfaMethodScreen } from '../SelectMfaMethodScreen';

const phone: SignInMethod = { Id: 4, Name: 'Phone', AuthenticationMethod: 'AuthenticatorApp', IsPrimary: true, IsEnabled: true };
const mail: SignInMethod = { Id: 7, Name: 'Work mail', AuthenticationMethod: 'Email', IsPrimary: false, IsEnabled: true };
const oldPhone: SignInMethod = { Id: 9, Name: 'Old phone', AuthenticationMethod: 'AuthenticatorApp', IsPrimary: false, IsEnabled: false };

function renderMfa(path = '/login-mfa?redirect=%2Freports') {
  return renderWithProviders(
    <Routes>
      <Route path="/login-mfa" element={<LoginMfaScreen />} />
      <Route path="/select-mfa-method" element={<SelectMfaMethodScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
}

const codeField = () => screen.getByLabelText('Security code');
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

afterEach(() => {
  clearPendingMfaSignIn();
  vi.unstubAllGlobals();
});

describe('LoginMfaScreen (spec §4 Login step 2, §5 MFA code error)', () => {
  it('asks for the code of the preselected primary method with a numeric one-time-code field', () => {
    keepPendingMfaSignIn('ada', 'Demo-Password-2024!', [mail, phone]);
    renderMfa();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeInTheDocument();
    expect(screen.getByText('Method: Phone (Authenticator app)')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('shows the server message for a wrong code, clears the field and focuses it', async () => {
    const fetch = installFakeFetch(() => ({ status: 401, body: { Message: 'MFA code is incorrect. Please try again.' } }));
    keepPendingMfaSignIn('ada', 'Demo-Password-2024!', [phone]);
    const user = userEvent.setup();
    const { currentPath } = renderMfa();

    await user.type(codeField(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('MFA code is incorrect. Please try again.');
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
    expect(currentPath()).toBe('/login-mfa?redirect=%2Freports');
    expect(bodyOf(fetch.mock.calls[0])).toEqual({ userName: 'ada', password: 'Demo-Password-2024!', mfaToken: '123456', mfaMethodId: 4 });
    // No toast as well: the alert is the one place the failure shows.
    expect(screen.getAllByText('MFA code is incorrect. Please try again.')).toHaveLength(1);
  });

  it('signs in with the right code, forgets the password and follows the redirect', async () => {
    const signedIn = buildSessionUser({ UserAuthenticationMethods: [phone] });
    installFakeFetch(() => ({ body: signedIn }));
    keepPendingMfaSignIn('ada', 'Demo-Password-2024!', [phone]);
    const user = userEvent.setup();
    const { currentPath, queryClient } = renderMfa();

    await user.type(codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(currentPath()).toBe('/reports'));
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(signedIn);
    expect(getPendingMfaSignIn()).toBeUndefined();
  });

  it('confirms an SSO link with the code when the step came from /sso-link', async () => {
    const fetch = installFakeFetch(() => ({ body: buildSessionUser({ UserAuthenticationMethods: [phone] }) }));
    keepPendingMfaSignIn('ada', 'Demo-Password-2024!', [phone], 'sub-123');
    const user = userEvent.setup();
    const { currentPath } = renderMfa();

    await user.type(codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(currentPath()).toBe('/reports'));
    expect(String(fetch.mock.calls[0]![0])).toMatch(/IAuthorizationService\/AuthenticateWithSubConfirmation$/);
    expect(bodyOf(fetch.mock.calls[0]!)).toEqual({ userName: 'ada', password: 'Demo-Password-2024!', openIdSubIdentifier: 'sub-123', mfaToken: '654321', mfaMethodId: 4 });
  });

  it('sends an e-mail code once when the step opens, and again on "Send code"', async () => {
    const fetch = installFakeFetch(() => ({ body: { Success: true } }));
    keepPendingMfaSignIn('ada', 'Demo-Password-2024!', [mail]);
    const user = userEvent.setup();
    renderMfa();

    expect(await screen.findByText('We have sent a code to your e-mail address.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toMatch(/IAuthorizationService\/SendSecurityCodeNotification$/);
    expect(bodyOf(fetch.mock.calls[0])).toEqual({ userName: 'ada', password: 'Demo-Password-2024!', mfaMethodId: 7 });

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('lets the user choose another enabled method and comes back with it', async () => {
    installFakeFetch(() => ({ body: { Success: true } }));
    keepPendingMfaSignIn('ada', 'Demo-Password-2024!', [phone, mail, oldPhone]);
    const user = userEvent.setup();
    const { currentPath } = renderMfa();

    await user.click(screen.getByRole('link', { name: 'Use another method' }));
    expect(currentPath()).toBe('/select-mfa-method?redirect=%2Freports');
    expect(screen.queryByText('Old phone')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Work mail/ }));

    expect(currentPath()).toBe('/login-mfa?redirect=%2Freports');
    expect(screen.getByText('Method: Work mail (E-mail)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });

  it('goes back to sign-in, keeping the redirect, when the credentials are gone (page reloaded)', async () => {
    const { currentPath } = renderMfa();
    await waitFor(() => expect(currentPath()).toBe('/login?redirect=%2Freports'));
  });
});
