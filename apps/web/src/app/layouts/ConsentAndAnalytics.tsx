import { PageViewTracker } from '../../platform/analytics/PageViewTracker';
import { ConsentBanner } from '../../platform/consent/ConsentBanner';

/**
 * The consent banner and page-view tracking of the full layout (spec §2, §4, §9), loaded as one
 * chunk after the page: one lazy import keeps the entry chunk's preload lists short.
 */
export function ConsentAndAnalytics() {
  return (
    <>
      <PageViewTracker />
      <ConsentBanner />
    </>
  );
}
