import { isAllowed, type Capability, type SecurityRule } from '@cmp/contracts/capabilities';
import type { LandingPageTile } from '@cmp/contracts/landingPage';
import { ROUTE_RULES } from '../../platform/navigation/routeRules';

/**
 * What each tile needs, as the server operation behind it checks (issue 15): a layout only orders
 * and hides tiles (issue 17), it never shows one the viewer may not see. The account counts and the
 * latest audit entries need nothing (without Audit Log Read the user's own log is shown).
 */
const TILE_RULES: Partial<Record<LandingPageTile, SecurityRule>> = {
  Revenue: ROUTE_RULES.reporting,
  SubscriptionsEnding: ROUTE_RULES.reporting,
  PendingOrders: ROUTE_RULES.requestReview,
  FailedProvisioning: ROUTE_RULES.provisioning,
};

export const mayViewTile = (tile: LandingPageTile, capabilities: readonly Capability[]) => {
  const rule = TILE_RULES[tile];
  return rule === undefined || isAllowed(capabilities, rule);
};

/** The layout's tiles the viewer may see, in the layout's order. */
export const visibleTiles = (tiles: readonly LandingPageTile[], capabilities: readonly Capability[]) => tiles.filter((tile) => mayViewTile(tile, capabilities));
