import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SecurityRule } from '@cmp/contracts/capabilities';

export type RouteLayout = 'plain' | 'full';

/** What the route guard and the layouts need to know about a route (spec §2, §4 Route guard). */
export interface RouteMeta {
  /** Passes the guard without a signed-in user (spec §2 "public"). */
  isPublic?: boolean;
  /** MFA pages pass the guard too, and are where an MFA set-up is finished (spec §4). */
  isMfaPage?: boolean;
  /** Every rule of the route and its parents must hold, else the user goes to the site root. */
  rule?: SecurityRule;
  /** The route's translated name: page heading and document title. */
  titleKey: string;
}

export interface AppRouteDefinition extends RouteMeta {
  /** A React Router path, relative to the hash root. */
  path?: string;
  index?: boolean;
  layout: RouteLayout;
  /** Loads the screen lazily (its own chunk); without one the route shows the area-in-preparation page. */
  screen?: () => Promise<ComponentType>;
  /** The path a user most likely goes to next: its chunks load once they start using this screen (issue 12). */
  likelyNext?: string;
  /**
   * Puts the data the screen shows first into the query cache, showing no failure. Start-up runs it
   * beside the current user and the screen's chunks, so the first render draws the screen whole (issue 12).
   */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
  children?: Omit<AppRouteDefinition, 'layout'>[];
}
