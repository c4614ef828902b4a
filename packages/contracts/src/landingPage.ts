import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { ALLOWED_PARENT_TYPES, accountTypesBelow, type AccountType } from './accountTypes';
import { requirement } from './capabilities';
import { LANDING_PAGE_TILES } from './landingPageRules';

// The custom landing page (spec §2 #/DashboardManager/Start, "Custom Landing Page Create"; issue 17):
// an owner (platform owner, reseller, company, vendor) chooses which dashboard tiles the users of
// each account type below it see, and in which order. A user's dashboard follows the nearest owner
// up the hierarchy with a layout for the type of the account that holds the user, else the default.

export { COUNT_TILES, DEFAULT_LANDING_PAGE_TILES, LANDING_PAGE_TILES, landingPageRows } from './landingPageRules';
export type { LandingPageRow, LandingPageTile } from './landingPageRules';
export const landingPageTileSchema = z.enum(LANDING_PAGE_TILES);

export const CUSTOM_LANDING_PAGE_READ = requirement('CUSTOM_LANDING_PAGE', ['Read']);
export const CUSTOM_LANDING_PAGE_CREATE = requirement('CUSTOM_LANDING_PAGE', ['Create']);

/**
 * The account types a layout is chosen for: those that hold users (ALLOWED_PARENT_TYPES.User), top
 * down; a user's dashboard follows the type of the account holding the user.
 */
export const LANDING_PAGE_ACCOUNT_TYPES = ['Reseller', 'Company', 'Department', 'Vendor'] as const satisfies readonly (typeof ALLOWED_PARENT_TYPES.User)[number][];
export const landingPageAccountTypeSchema = z.enum(LANDING_PAGE_ACCOUNT_TYPES);
export type LandingPageAccountType = (typeof LANDING_PAGE_ACCOUNT_TYPES)[number];

/** The account types an owner of `ownerType` chooses layouts for: those its hierarchy can hold that hold users. */
export const landingPageAccountTypesFor = (ownerType: AccountType): LandingPageAccountType[] => {
  const below = accountTypesBelow(ownerType);
  return LANDING_PAGE_ACCOUNT_TYPES.filter((type) => below.includes(type));
};

const tileListSchema = z
  .array(landingPageTileSchema)
  .max(LANDING_PAGE_TILES.length)
  .refine((tiles) => new Set(tiles).size === tiles.length, 'lists a tile twice');

/** Where a layout comes from: the owner's own, one of an owner above it, or the default. */
export const LANDING_PAGE_LAYOUT_SOURCES = ['Own', 'Inherited', 'Default'] as const;
export type LandingPageLayoutSource = (typeof LANDING_PAGE_LAYOUT_SOURCES)[number];

export const landingPageLayoutSchema = z.object({
  AccountType: landingPageAccountTypeSchema,
  /** The visible tiles, in the order the dashboard shows them. */
  Tiles: z.array(landingPageTileSchema),
  Source: z.enum(LANDING_PAGE_LAYOUT_SOURCES),
});
export type LandingPageLayout = z.infer<typeof landingPageLayoutSchema>;

export const getLandingPageLayoutsRequestSchema = z.object({ ownerCompanyId: accountIdSchema }).strict();
export type GetLandingPageLayoutsRequest = z.input<typeof getLandingPageLayoutsRequestSchema>;
export const getLandingPageLayoutsResponseSchema = z.object({
  OwnerCompanyId: z.number().int(),
  /** One per account type the owner chooses for, in the order of LANDING_PAGE_ACCOUNT_TYPES. */
  Layouts: z.array(landingPageLayoutSchema),
});
export type LandingPageLayouts = z.infer<typeof getLandingPageLayoutsResponseSchema>;

export const saveLandingPageLayoutRequestSchema = z
  .object({
    ownerCompanyId: accountIdSchema,
    accountType: landingPageAccountTypeSchema,
    tiles: tileListSchema,
  })
  .strict();
export type SaveLandingPageLayoutRequest = z.input<typeof saveLandingPageLayoutRequestSchema>;

export const resetLandingPageLayoutRequestSchema = z.object({ ownerCompanyId: accountIdSchema, accountType: landingPageAccountTypeSchema }).strict();
export type ResetLandingPageLayoutRequest = z.input<typeof resetLandingPageLayoutRequestSchema>;

export const landingPageLayoutResponseSchema = landingPageLayoutSchema.extend({ OwnerCompanyId: z.number().int() });

export const getEffectiveLandingPageRequestSchema = z.object({}).strict();
export const effectiveLandingPageSchema = z.object({
  /** The visible tiles in order, before the viewer's capabilities hide what it may not see. */
  Tiles: z.array(landingPageTileSchema),
  Source: z.enum(['Custom', 'Default']),
});
export type EffectiveLandingPage = z.infer<typeof effectiveLandingPageSchema>;
