import { and, eq } from 'drizzle-orm';
import type { AccountType } from '@cmp/contracts/accountTypes';
import {
  CUSTOM_LANDING_PAGE_CREATE,
  CUSTOM_LANDING_PAGE_READ,
  effectiveLandingPageSchema,
  getEffectiveLandingPageRequestSchema,
  getLandingPageLayoutsRequestSchema,
  getLandingPageLayoutsResponseSchema,
  landingPageAccountTypesFor,
  landingPageLayoutResponseSchema,
  resetLandingPageLayoutRequestSchema,
  saveLandingPageLayoutRequestSchema,
  type LandingPageAccountType,
  type LandingPageLayout,
} from '@cmp/contracts/landingPage';
import type { CapabilityRequirement } from '@cmp/contracts/capabilities';
import { requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { accounts } from '../platform/db/schema';
import { landingPageLayouts } from '../platform/db/schema/landingPage';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { pathIds, type AccountRow, type CallerSession } from '../platform/session';
import { defaultTiles, nearestLayout, ownerIdsAbove, ownLayouts } from './landingPageQueries';

// The custom landing page (issue 17; spec §2 #/DashboardManager/Start, "Custom Landing Page Create"):
// an owner's dashboard layouts per account type, and the layout the signed-in user's dashboard follows.

/** The accounts that own layouts: organisations, and the platform owner at the root. */
const OWNER_TYPES = new Set(['Reseller', 'Company', 'Vendor']);
const MAY_EDIT_OR_READ = { any: [CUSTOM_LANDING_PAGE_READ, CUSTOM_LANDING_PAGE_CREATE] };

/** The owner the caller names, inside its hierarchy (403 alike for a foreign, unknown or unreadable one). */
async function requireOwner(db: Queryable, caller: CallerSession, ownerCompanyId: number, req: CapabilityRequirement): Promise<AccountRow> {
  const owner = await requireAccountInHierarchy(db, caller, ownerCompanyId, req);
  if (!OWNER_TYPES.has(owner.type) && owner.parentId !== null) throw new ApiError(400, 'field_invalid_value', { field: 'ownerCompanyId', value: String(ownerCompanyId) });
  return owner;
}

/** The owner whose layout for `accountType` the caller changes: Custom Landing Page Create, and a type the owner chooses for. */
async function requireEditableOwner(db: Queryable, caller: CallerSession, input: { ownerCompanyId: number; accountType: LandingPageAccountType }): Promise<AccountRow> {
  const owner = await requireOwner(db, caller, input.ownerCompanyId, CUSTOM_LANDING_PAGE_CREATE);
  if (!landingPageAccountTypesFor(owner.type as AccountType).includes(input.accountType)) {
    throw new ApiError(400, 'field_invalid_value', { field: 'accountType', value: input.accountType });
  }
  return owner;
}

/** What the users held by `accountType` accounts below `owner` see: the owner's own layout, else the nearest above, else the default. */
async function layoutOf(db: Queryable, owner: AccountRow, accountType: LandingPageAccountType, own?: Map<string, LandingPageLayout['Tiles']>): Promise<LandingPageLayout> {
  const ownTiles = (own ?? (await ownLayouts(db, owner.id))).get(accountType);
  if (ownTiles) return { AccountType: accountType, Tiles: ownTiles, Source: 'Own' };
  const inherited = await nearestLayout(db, pathIds(owner.path).slice(0, -1), accountType);
  return { AccountType: accountType, Tiles: inherited?.tiles ?? defaultTiles(), Source: inherited ? 'Inherited' : 'Default' };
}

const getLandingPageLayouts = defineOperation({
  service: 'IDashboardService',
  operation: 'GetLandingPageLayouts',
  readOnly: true,
  summary: 'An owner’s dashboard layouts, one per account type it chooses for: the visible tiles in order and whether they are its own, inherited from an owner above, or the default.',
  request: getLandingPageLayoutsRequestSchema,
  response: getLandingPageLayoutsResponseSchema,
  rule: MAY_EDIT_OR_READ,
  async handler(input, { db, caller }) {
    const owner = await requireOwner(db, caller, input.ownerCompanyId, CUSTOM_LANDING_PAGE_READ);
    const own = await ownLayouts(db, owner.id);
    const types = landingPageAccountTypesFor(owner.type as AccountType);
    return { OwnerCompanyId: owner.id, Layouts: await Promise.all(types.map((type) => layoutOf(db, owner, type, own))) };
  },
});

const saveLandingPageLayout = defineOperation({
  service: 'IDashboardService',
  operation: 'SaveLandingPageLayout',
  keepsSessions: true,
  summary: 'Saves which dashboard tiles the users of an account type below an owner see, in order (tile ids from a closed list, each at most once).',
  request: saveLandingPageLayoutRequestSchema,
  response: landingPageLayoutResponseSchema,
  rule: CUSTOM_LANDING_PAGE_CREATE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const owner = await requireEditableOwner(db, caller, input);
    return db.transaction(async (tx) => {
      const before = await layoutOf(tx, owner, input.accountType);
      const values = { tiles: input.tiles, updatedAt: new Date(), updatedByAccountId: caller.userAccount.id };
      await tx
        .insert(landingPageLayouts)
        .values({ ownerAccountId: owner.id, accountType: input.accountType, ...values })
        .onConflictDoUpdate({ target: [landingPageLayouts.ownerAccountId, landingPageLayouts.accountType], set: values });
      await auditAccountChange(tx, ctx, 'LandingPageLayoutSaved', owner, { AccountType: input.accountType, Before: before.Tiles, After: input.tiles });
      return { OwnerCompanyId: owner.id, AccountType: input.accountType, Tiles: input.tiles, Source: 'Own' as const };
    });
  },
});

const resetLandingPageLayout = defineOperation({
  service: 'IDashboardService',
  operation: 'ResetLandingPageLayout',
  keepsSessions: true,
  summary: 'Removes an owner’s own layout for an account type: its users see the layout of the nearest owner above again, else the default. Answers the layout that applies now.',
  request: resetLandingPageLayoutRequestSchema,
  response: landingPageLayoutResponseSchema,
  rule: CUSTOM_LANDING_PAGE_CREATE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const owner = await requireEditableOwner(db, caller, input);
    return db.transaction(async (tx) => {
      const removed = await tx
        .delete(landingPageLayouts)
        .where(and(eq(landingPageLayouts.ownerAccountId, owner.id), eq(landingPageLayouts.accountType, input.accountType)))
        .returning({ tiles: landingPageLayouts.tiles });
      const now = await layoutOf(tx, owner, input.accountType);
      if (removed.length) await auditAccountChange(tx, ctx, 'LandingPageLayoutReset', owner, { AccountType: input.accountType, Before: removed[0]!.tiles, After: now.Tiles });
      return { OwnerCompanyId: owner.id, ...now };
    });
  },
});

const getEffectiveLandingPage = defineOperation({
  service: 'IDashboardService',
  operation: 'GetEffectiveLandingPage',
  readOnly: true,
  summary: 'The dashboard tiles the signed-in user sees, in order: the layout of the nearest owner up the hierarchy for the type of the account holding the user, else the default. The portal still hides tiles the user lacks the capability for.',
  request: getEffectiveLandingPageRequestSchema,
  response: effectiveLandingPageSchema,
  async handler(_input, { db, caller }) {
    const parentId = caller.userAccount.parentId;
    const [holder] = parentId === null ? [] : await db.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, parentId)).limit(1);
    const found = holder ? await nearestLayout(db, ownerIdsAbove(caller.userAccount.path), holder.type) : undefined;
    return found ? { Tiles: found.tiles, Source: 'Custom' as const } : { Tiles: defaultTiles(), Source: 'Default' as const };
  },
});

export const landingPageOperations = [getLandingPageLayouts, saveLandingPageLayout, resetLandingPageLayout, getEffectiveLandingPage];
