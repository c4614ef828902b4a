import { describe, expect, it } from 'vitest';
import { configureAnalyticsInstance, instanceIdOf, isAnalyticsInstance, isAnalyticsSwitchedOff } from '../analyticsInstance';
import { isPageView } from '../pageViewRules';

describe('page views (spec §2)', () => {
  it('counts the first page and every change of route', () => {
    expect(isPageView(undefined, '/Dashboard')).toBe(true);
    expect(isPageView('/Dashboard', '/admin-console')).toBe(true);
  });

  it('counts entering the account view but not hash changes within /Account/View/…', () => {
    expect(isPageView('/Dashboard', '/Account/View/12')).toBe(true);
    expect(isPageView('/Account/View/12', '/Account/View/12/Notifications')).toBe(false);
    expect(isPageView('/Account/View/12', '/Account/View/13')).toBe(false);
    expect(isPageView('/Account/View/12', '/Dashboard')).toBe(true);
  });

  it('does not count staying on the same path', () => {
    expect(isPageView('/Dashboard', '/Dashboard')).toBe(false);
  });
});

describe('analytics instance (spec §9)', () => {
  it('takes the configured pod id, else the first label of the host name', () => {
    expect(instanceIdOf('pp.portal.example', '')).toBe('pp');
    expect(instanceIdOf('DE.portal.example')).toBe('de');
    expect(instanceIdOf('portal.example', 'SG')).toBe('sg');
  });

  it('is off on ci, ite, xx and dev and on elsewhere', () => {
    for (const instance of ['ci', 'ite', 'xx', 'dev']) expect(isAnalyticsInstance(instance)).toBe(false);
    for (const instance of ['pp', 'br', 'ch', 'de', 'fi', 'fr', 'us', 'sg']) expect(isAnalyticsInstance(instance)).toBe(true);
    expect(isAnalyticsInstance(instanceIdOf('dev.portal.example'))).toBe(false);
  });

  it('follows the platform owner’s switch (issue 17, admin console)', () => {
    configureAnalyticsInstance('pp', false);
    expect(isAnalyticsSwitchedOff()).toBe(true);
    configureAnalyticsInstance('pp');
    expect(isAnalyticsSwitchedOff()).toBe(false);
    configureAnalyticsInstance('');
  });
});
