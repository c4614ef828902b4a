import { ANALYTICS_EVENTS, type AnalyticsEvent } from '@cmp/contracts/analytics';
import { callOperation } from '../api/callOperation';
import { waitForConsent } from '../consent/waitForConsent';
import { currentInstanceId, isAnalyticsInstance, isAnalyticsSwitchedOff } from './analyticsInstance';

const isKnownEvent = (event: string): event is AnalyticsEvent => (ANALYTICS_EVENTS as readonly string[]).includes(event);

/**
 * spec §7 "Analytics events" (global-search result-click, search-results) and §2 page views, stored
 * by the server (IReportingService/TrackEvent). Sent only on instances with analytics (spec §9; the
 * platform owner's switch in the admin console turns it off everywhere) and
 * only after the user has allowed analytics in the consent tool (spec §4); never shown as an error
 * (spec §8: such failures are only logged). `details.path` names the page, else the current one.
 * Callers pass counts and types, never what a user typed (the search text may name a person).
 */
export function trackEvent(event: string, details: Record<string, unknown>): void {
  if (!isKnownEvent(event)) {
    console.info('[analytics] not an analytics event:', event);
    return;
  }
  const instanceId = currentInstanceId();
  if (!isAnalyticsInstance(instanceId) || isAnalyticsSwitchedOff()) return;
  const { path, ...rest } = details;
  const request = { event, path: typeof path === 'string' ? path : currentPath(), instanceId, details: rest };
  void waitForConsent('analytics')
    .then((isAllowed) => (isAllowed ? callOperation('IReportingService', 'TrackEvent', request, { suppressErrorToast: true }) : undefined))
    .catch((error: unknown) => console.warn('[analytics] the event was not recorded', error));
}

/** The hash route without its query: a query may carry what the user typed. */
function currentPath(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] || '/';
}
