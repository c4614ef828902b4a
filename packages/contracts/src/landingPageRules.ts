// The dashboard's tiles and how they are arranged, in a module free of schemas: the dashboard, the
// portal's first screen, imports them from here and so loads no zod (issue 12). landingPage.ts
// re-exports them with the layouts' schemas.

/** The dashboard's tiles, a closed list: a layout naming another is refused. */
export const LANDING_PAGE_TILES = ['Revenue', 'PendingOrders', 'FailedProvisioning', 'SubscriptionsEnding', 'AccountCounts', 'LatestAudit'] as const;
export type LandingPageTile = (typeof LANDING_PAGE_TILES)[number];

/** The dashboard as it is without a custom layout: every tile, in this order. */
export const DEFAULT_LANDING_PAGE_TILES: readonly LandingPageTile[] = LANDING_PAGE_TILES;

/** The figure tiles that stand beside the revenue card (or side by side without it). */
export const COUNT_TILES: readonly LandingPageTile[] = ['PendingOrders', 'FailedProvisioning', 'SubscriptionsEnding'];

/**
 * How the dashboard arranges an ordered list of tiles: a revenue card followed by count tiles
 * stands beside them (the counts stacked); consecutive count tiles stand side by side; account
 * counts and the latest audit entries next to each other share a row; anything else takes a row.
 * The default order gives the dashboard as it was before custom layouts.
 */
export type LandingPageRow = { kind: 'figures'; revenue: boolean; counts: LandingPageTile[] } | { kind: 'summary'; tiles: LandingPageTile[] };

export function landingPageRows(tiles: readonly LandingPageTile[]): LandingPageRow[] {
  const rows: LandingPageRow[] = [];
  for (const tile of tiles) {
    const last = rows.at(-1);
    if (COUNT_TILES.includes(tile)) {
      if (last?.kind === 'figures') last.counts.push(tile);
      else rows.push({ kind: 'figures', revenue: false, counts: [tile] });
    } else if (tile === 'Revenue') {
      rows.push({ kind: 'figures', revenue: true, counts: [] });
    } else if (last?.kind === 'summary' && last.tiles.length === 1) {
      last.tiles.push(tile);
    } else {
      rows.push({ kind: 'summary', tiles: [tile] });
    }
  }
  return rows;
}
