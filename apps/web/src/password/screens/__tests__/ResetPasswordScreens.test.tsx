import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { installFakeFetch } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RequestResetPasswordScreen } from '../RequestResetPasswordScreen';
import { SetNewPasswordScreen } from '../SetNewPasswordScreen';

function renderReset(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/reset-password" element={<RequestResetPasswordScreen />} />
      <Route path="/reset-password/:username/:token" element={<SetNewPasswordScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
}

const GOOD_PASSWORD = 'Correct-Horse-Battery-42';

/** A server whose password check accepts GOOD_PASSWORD only, and whose reset answers `reset`. */
function serve(reset: { status?: number; body?: unknown } = { body: { Success: true } }) {
  return installFakeFetch((url, init) => {
    if (url.endsWith('/ValidateUserPassword')) {
      const { password } = JSON.parse(String(init.body)) as { password: string };
      return password === GOOD_PASSWORD
        ? { body: { IsValid: true, UnmetRules: [], MinLength: 12 } }
        : { body: { IsValid: false, UnmetRules: ['min_length', 'special'], MinLength: 12 } };
    }
    if (url.endsWith('/ResetPassword')) return reset;
    if (url.endsWith('/RequestResetPassword')) return { body: { Success: true } };
    return { status: 404, body: {} };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Password reset (spec §4: request link → e-mail sent → set new password → changed)', () => {
  it('requests a link and then says only that an e-mail was sent if the account exists', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderReset('/reset-password');

    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), '  ada  ');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account with this username exists, we have sent an e-mail with a link to reset the password.',
    );
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ username: 'ada' });
  });

  it('sets a new password once it meets the rules and matches, then offers to sign in', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderReset('/reset-password/ada/token-123');

    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.type(screen.getByLabelText('Confirm password'), 'weak');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(save).toBeDisabled();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), GOOD_PASSWORD);
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), GOOD_PASSWORD);
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const resetCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/ISelfCareService/ResetPassword'));
    expect(JSON.parse(String(resetCall?.[1]?.body))).toEqual({ username: 'ada', newPassword: GOOD_PASSWORD, token: 'token-123' });
  });

  it('shows the server message for a bad link with a way to request a new one', async () => {
    serve({ status: 400, body: { Message: 'The link to reset the password is invalid or has expired.' } });
    const user = userEvent.setup();
    renderReset('/reset-password/ada/expired');

    await user.type(screen.getByLabelText('New password'), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Confirm password'), GOOD_PASSWORD);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The link to reset the password is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset-password');
  });
});
