import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_LANDING_PAGE_TILES, LANDING_PAGE_TILES, type LandingPageTile } from '@cmp/contracts/landingPage';
import type { Queryable } from '../platform/db/database';
import { landingPageLayouts } from '../platform/db/schema/landingPage';
import { pathIds } from '../platform/session';

export interface FoundLayout {
  ownerAccountId: number;
  tiles: LandingPageTile[];
}

/** A stored list read back as tiles; an id a later version dropped is left out rather than failing the dashboard. */
const asTiles = (stored: readonly string[]): LandingPageTile[] => stored.filter((tile): tile is LandingPageTile => (LANDING_PAGE_TILES as readonly string[]).includes(tile));

/**
 * The layout for users held by an account of `accountType` whose ancestors (nearest last) are
 * `ownerIds`: the nearest owner with one wins (issue 17); undefined when none has one.
 */
export async function nearestLayout(db: Queryable, ownerIds: readonly number[], accountType: string): Promise<FoundLayout | undefined> {
  if (!ownerIds.length) return undefined;
  const rows = await db
    .select({ ownerAccountId: landingPageLayouts.ownerAccountId, tiles: landingPageLayouts.tiles })
    .from(landingPageLayouts)
    .where(and(inArray(landingPageLayouts.ownerAccountId, [...ownerIds]), eq(landingPageLayouts.accountType, accountType)));
  const nearest = rows.sort((a, b) => ownerIds.indexOf(b.ownerAccountId) - ownerIds.indexOf(a.ownerAccountId))[0];
  return nearest && { ownerAccountId: nearest.ownerAccountId, tiles: asTiles(nearest.tiles) };
}

/** The layouts an owner saved itself, by account type. */
export async function ownLayouts(db: Queryable, ownerAccountId: number): Promise<Map<string, LandingPageTile[]>> {
  const rows = await db.select().from(landingPageLayouts).where(eq(landingPageLayouts.ownerAccountId, ownerAccountId));
  return new Map(rows.map((row) => [row.accountType, asTiles(row.tiles)]));
}

/** The ids of an account path's accounts that may own a layout for the user at its end: all but the user itself. */
export const ownerIdsAbove = (userPath: string) => pathIds(userPath).slice(0, -1);

export const defaultTiles = (): LandingPageTile[] => [...DEFAULT_LANDING_PAGE_TILES];
