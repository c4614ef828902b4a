import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useBranding } from '../branding/BrandingContext';
import { configureAnalyticsInstance } from './analyticsInstance';
import { isPageView } from './pageViewRules';
import { trackEvent } from './trackEvent';

/** Records a page view on each route change of the signed-in portal (spec §2), after consent (trackEvent). */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const { pod_id: podId, analytics_enabled: isAnalyticsEnabled } = useBranding();
  const previousPath = useRef<string>(undefined);

  useEffect(() => {
    configureAnalyticsInstance(podId, isAnalyticsEnabled);
  }, [podId, isAnalyticsEnabled]);

  useEffect(() => {
    const previous = previousPath.current;
    previousPath.current = pathname;
    if (isPageView(previous, pathname)) trackEvent('page_view', { path: pathname, ...(previous ? { from: previous } : {}) });
  }, [pathname]);

  return null;
}
