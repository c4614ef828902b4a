import { okResponseSchema } from '@cmp/contracts/auth';
import { trackEventRequestSchema } from '@cmp/contracts/analytics';
import { loadPlatformBranding } from '../branding/brandingRoutes';
import { pageViews } from '../platform/db/schema';
import { defineOperation } from '../platform/operations';

const trackEvent = defineOperation({
  service: 'IReportingService',
  operation: 'TrackEvent',
  summary: 'Records a page view or a search analytics event of the signed-in user (spec §2 page-view tracking, §7 analytics events).',
  // It writes a page_views row, but that is usage statistics, not business data: no audit entry, and
  // nothing a cached session depends on, so it must not clear every node's session cache on each page view.
  readOnly: true,
  request: trackEventRequestSchema,
  response: okResponseSchema,
  async handler(input, { db, caller }) {
    // The platform owner's switch (admin console, issue 17): off, nothing is recorded — also from a
    // portal loaded before it was switched off. Answered alike, so such a portal shows nothing.
    if (!(await loadPlatformBranding(db)).analytics_enabled) return { Success: true };
    await db.insert(pageViews).values({
      userAccountId: caller.userAccount.id,
      event: input.event,
      path: input.path,
      instanceId: input.instanceId || null,
      details: input.details ?? {},
    });
    return { Success: true };
  },
});

export const analyticsOperations = [trackEvent];
