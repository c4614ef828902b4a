import { describe, expect, it } from 'vitest';
import { buildPendingMfaSignIn, buildSessionUser } from '../../../test/buildSessionUser';
import { nextStepAfterSignIn } from '../nextStepAfterSignIn';
import { buildSsoAuthorizeUrl } from '../buildSsoAuthorizeUrl';

const origin = 'https://portal.example.com';
const totp = { Id: 4, Name: 'Phone', AuthenticationMethod: 'AuthenticatorApp', IsPrimary: true, IsEnabled: true };

describe('nextStepAfterSignIn (spec §4 Login, §2 redirects)', () => {
  it('goes to MFA set-up first, keeping the redirect', () => {
    const user = buildSessionUser({ MustSetupMfa: true, UserAuthenticationMethods: [totp] });
    expect(nextStepAfterSignIn(user, '?redirect=%2Fpricelists', origin)).toEqual({ kind: 'setupMfa', to: '/setup-mfa?redirect=%2Fpricelists' });
    expect(nextStepAfterSignIn(user, '', origin)).toEqual({ kind: 'setupMfa', to: '/setup-mfa' });
  });

  it('continues with the MFA step when the password was right but a second factor is needed, keeping the query', () => {
    expect(nextStepAfterSignIn(buildPendingMfaSignIn([totp]), '?redirect=%2Freports', origin)).toEqual({
      kind: 'mfa',
      to: '/login-mfa?redirect=%2Freports',
      methods: [totp],
    });
  });

  it('does not ask for a second factor again once the sign-in with it has given a session', () => {
    const user = buildSessionUser({ UserAuthenticationMethods: [totp] });
    expect(nextStepAfterSignIn(user, '?redirect=%2Freports', origin)).toEqual({ kind: 'navigate', to: '/reports' });
  });

  it('sends an SSO subject that is not linked yet to /sso-link', () => {
    const answer = { MfaRequired: false, UserAuthenticationMethods: [], LinkRequired: true, OpenIdSubIdentifier: 'sub/42' };
    expect(nextStepAfterSignIn(answer, '', origin)).toEqual({ kind: 'ssoLink', to: '/sso-link/sub%2F42' });
  });

  it('stops a user without Login/Execute', () => {
    expect(nextStepAfterSignIn(buildSessionUser({ Capability: [] }), '', origin)).toEqual({ kind: 'missingLoginCapability' });
  });

  it('sends a # redirect to that hash under the origin, others through the router, none to the dashboard', () => {
    const user = buildSessionUser();
    expect(nextStepAfterSignIn(user, `?redirect=${encodeURIComponent('#/Marketplace/Explore')}`, origin)).toEqual({
      kind: 'assign',
      url: 'https://portal.example.com/#/Marketplace/Explore',
    });
    expect(nextStepAfterSignIn(user, '?redirect=%2Fpricelists%3Fpage%3D2', origin)).toEqual({ kind: 'navigate', to: '/pricelists?page=2' });
    expect(nextStepAfterSignIn(user, '', origin)).toEqual({ kind: 'navigate', to: '/Dashboard' });
  });
});

describe('buildSsoAuthorizeUrl (spec §7 SSO button)', () => {
  const provider = { id: 'entra', name: 'Microsoft', auth_endpoint: 'https://login.example.com/oauth2/authorize?tenant=1', client: 'client-1', scope: 'openid email' };

  it('adds client_id, response_type=code, the encoded origin as state, the origin as redirect_uri and the scope', () => {
    const url = new URL(buildSsoAuthorizeUrl(provider, origin) ?? '');
    expect(url.origin + url.pathname).toBe('https://login.example.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: '1',
      client_id: 'client-1',
      response_type: 'code',
      state: encodeURIComponent(origin),
      redirect_uri: origin,
      scope: 'openid email',
    });
  });

  it('drops a provider whose endpoint does not parse as a URL', () => {
    expect(buildSsoAuthorizeUrl({ ...provider, auth_endpoint: 'not a url' }, origin)).toBeUndefined();
    expect(buildSsoAuthorizeUrl({ ...provider, auth_endpoint: 'javascript:alert(1)' }, origin)).toBeUndefined();
  });
});
