import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { emptyRequestSchema, sessionUserSchema, type SessionUser } from '@cmp/contracts/auth';
import { bodiesSentTo, operation } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { buildSessionUser } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SetupMfaEmailScreen } from '../SetupMfaEmailScreen';
import { SetupMfaScreen } from '../SetupMfaScreen';

// Issue 10: /setup-mfa told `admin` "Your organisation requires a second factor" when no policy
// required one, and offered no way back. It says why the user is there and, when nobody requires
// it, offers "Not now" back to where the redirect query points (else the dashboard).

const REQUIRED = /Your organisation requires a second factor/;
const CHOSEN = /No policy of your organisation requires a second factor for you/;

/** The set-up pages are MFA pages: the route guard does not load the user, so the screen asks the server. */
function renderAt(path: string, user: SessionUser) {
  apiServer.use(operation('IAuthorizationService/GetCurrentUser', { request: emptyRequestSchema, response: sessionUserSchema }, () => user));
  return renderWithProviders(
    <Routes>
      <Route path="/setup-mfa" element={<SetupMfaScreen />} />
      <Route path="/setup-mfa-email" element={<SetupMfaEmailScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
}

describe('SetupMfaScreen (spec §4, issue 10)', () => {
  it('says the organisation requires it, and offers no way around, when a policy holds the user here', async () => {
    renderAt('/setup-mfa?redirect=%2FDashboard', buildSessionUser({ MustSetupMfa: true }));

    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(screen.queryByText(CHOSEN)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Authenticator app/ })).toBeInTheDocument();
  });

  it('says it is the user\'s choice when no policy requires it, and goes back where the redirect points', async () => {
    const user = userEvent.setup();
    const { currentPath } = renderAt('/setup-mfa?redirect=%2Faccount%2F2%2Fuser-security', buildSessionUser({ Username: 'admin', MustSetupMfa: false }));

    expect(await screen.findByText(CHOSEN)).toBeInTheDocument();
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(currentPath()).toBe('/account/2/user-security'));
  });

  it('goes back to the dashboard when there is no redirect', async () => {
    const user = userEvent.setup();
    const { currentPath } = renderAt('/setup-mfa', buildSessionUser({ MustSetupMfa: false }));

    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(currentPath()).toBe('/Dashboard'));
  });

  it('offers the same way back on the e-mail set-up, only when nobody requires it', async () => {
    const user = userEvent.setup();
    const { currentPath } = renderAt('/setup-mfa-email', buildSessionUser({ MustSetupMfa: false }));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(currentPath()).toBe('/Dashboard'));
  });

  it('holds a required user on the e-mail set-up too', async () => {
    renderAt('/setup-mfa-email', buildSessionUser({ MustSetupMfa: true }));
    await waitFor(() => expect(bodiesSentTo('IAuthorizationService/GetCurrentUser')).not.toEqual([]));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();
  });
});
