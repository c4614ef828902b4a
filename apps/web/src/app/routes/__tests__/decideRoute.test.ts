import { describe, expect, it } from 'vitest';
import { requirement } from '@cmp/contracts/capabilities';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import type { RouteMeta } from '../AppRouteDefinition';
import { decideRoute, type RouteRequest } from '../decideRoute';

const adminConsole: RouteMeta = { titleKey: 'routes.admin_console', rule: requirement('ADMINISTRATIVE', ['Read']) };
const pricelists: RouteMeta = { titleKey: 'routes.pricelists' };
const login: RouteMeta = { titleKey: 'routes.login', isPublic: true };
const setupMfa: RouteMeta = { titleKey: 'routes.setup_mfa', isMfaPage: true };

const request = (overrides: Partial<RouteRequest>): RouteRequest => ({
  matches: [pricelists],
  attemptedPath: '/pricelists',
  user: buildSessionUser(),
  userLoadFailed: false,
  ...overrides,
});

describe('decideRoute (spec §4 Route guard)', () => {
  it('sends an SSO return carrying code and state to /sso-auth/{code}/{state} before anything else', () => {
    expect(decideRoute(request({ matches: [login], user: undefined, ssoReturn: { code: 'abc', state: 'https%3A%2F%2Fportal' } }))).toEqual({
      kind: 'redirect',
      to: '/sso-auth/abc/https%253A%252F%252Fportal',
    });
  });

  it('lets public routes and MFA pages pass without a user', () => {
    expect(decideRoute(request({ matches: [login], user: undefined }))).toEqual({ kind: 'pass' });
    expect(decideRoute(request({ matches: [setupMfa], user: undefined }))).toEqual({ kind: 'pass' });
  });

  it('loads the current user first, then sends a visitor who is not signed in to /login with the attempted path', () => {
    expect(decideRoute(request({ user: undefined }))).toEqual({ kind: 'loadUser' });
    expect(decideRoute(request({ user: undefined, userLoadFailed: true, attemptedPath: '/pricelists?page=2' }))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fpricelists%3Fpage%3D2',
    });
  });

  it('sends a user without the route capability to the site root', () => {
    expect(decideRoute(request({ matches: [adminConsole], attemptedPath: '/admin-console' }))).toEqual({ kind: 'redirect', to: '/' });
    const administrator = buildSessionUser({ Capability: [capability('ADMINISTRATIVE', { Read: true })] });
    expect(decideRoute(request({ matches: [adminConsole], user: administrator }))).toEqual({ kind: 'pass' });
  });

  it('requires the rules of the parent routes too', () => {
    const reports: RouteMeta = { titleKey: 'routes.reports', rule: requirement('REPORTING', ['Read']) };
    expect(decideRoute(request({ matches: [reports, { titleKey: 'routes.report' }], attemptedPath: '/reports/7' }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends a user who must set up MFA to /setup-mfa with the attempted path', () => {
    const user = buildSessionUser({ MustSetupMfa: true });
    expect(decideRoute(request({ user }))).toEqual({ kind: 'redirect', to: '/setup-mfa?redirect=%2Fpricelists' });
    expect(decideRoute(request({ user, matches: [setupMfa], attemptedPath: '/setup-mfa' }))).toEqual({ kind: 'pass' });
  });
});
