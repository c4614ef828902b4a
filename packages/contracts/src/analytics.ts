import { z } from 'zod';

// spec §7 "Analytics events" and §2 page-view tracking, stored by the server (page_views).
export const ANALYTICS_EVENTS = ['page_view', 'global-search result-click', 'search-results'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export const trackEventRequestSchema = z
  .object({
    event: z.enum(ANALYTICS_EVENTS),
    path: z.string().max(2000),
    instanceId: z.string().max(40),
    details: z
      .record(z.string().max(100), z.unknown())
      .refine((details) => JSON.stringify(details).length <= 4000, 'must be at most 4000 characters as JSON')
      .optional(),
  })
  .strict();
export type TrackEventRequest = z.infer<typeof trackEventRequestSchema>;
