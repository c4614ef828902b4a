import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { installFakeFetch } from '../../../test/fakeFetch';
import { buildPendingMfaSignIn, buildSessionUser } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { LoginScreen } from '../LoginScreen';

function renderLogin(path = '/login', branding = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path, branding },
  );
}

const username = () => screen.getByLabelText('Username');
const password = () => screen.getByLabelText('Password');
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoginScreen', () => {
  it('shows the welcome line, the prompt, both fields and the help link', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Cloud Marketplace' })).toBeInTheDocument();
    expect(username()).toHaveAttribute('autocomplete', 'username');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: "Can't sign in?" })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
  });

  it('enables Sign in only when both username and password are filled', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(signInButton()).toBeDisabled();
    await user.type(username(), 'admin');
    expect(signInButton()).toBeDisabled();
    await user.type(password(), 'secret');
    expect(signInButton()).toBeEnabled();
    await user.clear(username());
    expect(signInButton()).toBeDisabled();
  });

  it('enables Sign in when the browser autofilled the empty-looking fields', async () => {
    vi.spyOn(HTMLInputElement.prototype, 'matches').mockImplementation(function (this: HTMLInputElement, selector: string) {
      return selector === ':-webkit-autofill';
    });
    renderLogin();
    await waitFor(() => expect(signInButton()).toBeEnabled(), { timeout: 1000 });
  });

  it('shows the server message, clears and focuses the password, and clears the message on typing', async () => {
    const fetch = installFakeFetch(() => ({ status: 401, body: { Message: 'Invalid username or password.' } }));
    const user = userEvent.setup();
    renderLogin();

    await user.type(username(), '  admin  ');
    await user.type(password(), 'wrong-password');
    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(password()).toHaveValue('');
    expect(password()).toHaveFocus();
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ userName: 'admin', password: 'wrong-password' });

    await user.type(password(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the missing-capability message and stays when the user may not log in', async () => {
    installFakeFetch(() => ({ body: buildSessionUser({ Capability: [] }) }));
    const user = userEvent.setup();
    const { currentPath } = renderLogin();

    await user.type(username(), 'vendor.admin');
    await user.type(password(), 'Demo-Password-2024!');
    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Missing capabilities to log in.');
    expect(currentPath()).toBe('/login');
  });

  it('signs in and follows the redirect through the router', async () => {
    const signedIn = buildSessionUser();
    installFakeFetch(() => ({ body: signedIn }));
    const user = userEvent.setup();
    const { currentPath, queryClient } = renderLogin('/login?redirect=%2Fpricelists%3Fpage%3D2');

    await user.type(username(), 'admin');
    await user.type(password(), 'Demo-Password-2024!');
    await user.click(signInButton());

    await waitFor(() => expect(currentPath()).toBe('/pricelists?page=2'));
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(signedIn);
  });

  it('goes to the MFA step with the redirect kept when a second factor is needed', async () => {
    const method = { Id: 4, Name: 'Phone', AuthenticationMethod: 'AuthenticatorApp', IsPrimary: true, IsEnabled: true };
    installFakeFetch(() => ({ body: buildPendingMfaSignIn([method]) }));
    const user = userEvent.setup();
    const { currentPath } = renderLogin('/login?redirect=%2Freports');

    await user.type(username(), 'admin');
    await user.type(password(), 'Demo-Password-2024!');
    await user.click(signInButton());

    await waitFor(() => expect(currentPath()).toBe('/login-mfa?redirect=%2Freports'));
  });

  it('offers configured SSO providers after an "or" divider, and a register link in a new tab', () => {
    renderLogin('/login', {
      register_url: 'https://example.com/register',
      logo: '/branding/latest/logo.png',
      sso_setup_list: [
        { id: 'entra', name: 'Contoso ID', auth_endpoint: 'https://login.example.com/authorize', client: 'c', scope: 'openid' },
        { id: 'bad', name: 'Broken', auth_endpoint: 'not a url', client: 'c', scope: 'openid' },
      ],
    });
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Contoso ID' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Broken' })).not.toBeInTheDocument();
    const register = screen.getByRole('link', { name: /Create an account/ });
    expect(register).toHaveAttribute('target', '_blank');
    expect(register).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('img', { name: 'Cloud Service Providers' })).toHaveAttribute('src', '/branding/latest/logo.png');
  });
});
