import { asc, isNull, sql } from 'drizzle-orm';
import { requirement } from '@cmp/contracts/capabilities';
import { z } from 'zod';
import { brandingSchema } from '@cmp/contracts/branding';
import { getBrandingRequestSchema, saveBrandingRequestSchema, uploadBrandingImageRequestSchema } from '@cmp/contracts/brandingAdmin';
import { accounts, branding } from '../platform/db/schema';
import type { Queryable } from '../platform/db/database';
import { writeAudit, requestMeta } from '../platform/audit';
import { accessDenied } from '../platform/errors';
import { writeStoredFile } from '../platform/files';
import { defineOperation, type SignedInContext } from '../platform/operations';
import { loadPlatformBranding } from './brandingRoutes';
import { checkBrandingImage } from './brandingImage';

const BRANDING_READ = requirement('BRANDING', ['Read']);
const BRANDING_EXECUTE = requirement('BRANDING', ['Execute']);

/**
 * Branding is one per installation (spec §7: /branding/latest serves the platform owner's): only the
 * platform owner's administrators may change it, never a reseller's, whatever their capabilities.
 */
async function requirePlatformOwner(db: Queryable, { caller }: Pick<SignedInContext, 'caller'>) {
  const [owner] = await db.select().from(accounts).where(isNull(accounts.parentId)).orderBy(asc(accounts.id)).limit(1);
  if (!owner || caller.companyAccount.id !== owner.id || caller.companyAccount.parentId !== null) throw accessDenied();
  return owner;
}

/** Replaces the given keys of the owner's branding in one statement; every other key (sso_setup_list) stays. */
async function mergeBrandingConfig(db: Queryable, ownerAccountId: number, values: Record<string, unknown>): Promise<void> {
  await db
    .insert(branding)
    .values({ ownerAccountId, config: values })
    .onConflictDoUpdate({ target: branding.ownerAccountId, set: { config: sql`${branding.config} || excluded.config`, updatedAt: new Date() } });
}

const getBranding = defineOperation({
  service: 'IAccountService',
  operation: 'GetBranding',
  readOnly: true,
  summary: "The platform owner's branding configuration merged over the defaults (spec §3).",
  request: getBrandingRequestSchema,
  response: brandingSchema,
  rule: BRANDING_READ,
  async handler(_input, ctx) {
    await requirePlatformOwner(ctx.db, ctx);
    return loadPlatformBranding(ctx.db);
  },
});

const saveBranding = defineOperation({
  service: 'IAccountService',
  operation: 'SaveBranding',
  summary: "Saves the platform owner's branding (all fields but sso_setup_list, which SSO_PROVIDERS owns); it applies on the next page load.",
  request: saveBrandingRequestSchema,
  response: brandingSchema,
  rule: BRANDING_EXECUTE,
  async handler(input, ctx) {
    const owner = await requirePlatformOwner(ctx.db, ctx);
    const { colors, ...rest } = input.branding;
    const values = { ...rest, colors: Object.fromEntries(Object.entries(colors).map(([name, value]) => [name, value.toLowerCase()])) };
    await ctx.db.transaction(async (tx) => {
      await mergeBrandingConfig(tx, owner.id, values);
      await writeAudit(tx, ctx.caller, { action: 'BrandingSaved', accountId: owner.id, accountPath: owner.path, details: values }, requestMeta(ctx.request));
    });
    return loadPlatformBranding(ctx.db);
  },
});

const uploadBrandingImage = defineOperation({
  service: 'IAccountService',
  operation: 'UploadBrandingImage',
  summary: 'Uploads the logo or favicon (PNG, SVG, ICO or JPEG, at most 512 KB) and makes it the branding\'s logo or favicon.',
  request: uploadBrandingImageRequestSchema,
  response: z.object({ Branding: brandingSchema, Path: z.string() }),
  rule: BRANDING_EXECUTE,
  async handler(input, ctx) {
    const owner = await requirePlatformOwner(ctx.db, ctx);
    const image = checkBrandingImage(input.kind, input.fileName, input.contentType, input.dataBase64);
    await ctx.db.transaction(async (tx) => {
      await writeStoredFile(tx, `branding/${image.name}`, image.contentType, image.data);
      await mergeBrandingConfig(tx, owner.id, { [input.kind]: image.name });
      await writeAudit(
        tx,
        ctx.caller,
        { action: 'BrandingSaved', accountId: owner.id, accountPath: owner.path, details: { [input.kind]: image.name, contentType: image.contentType, bytes: image.data.length } },
        requestMeta(ctx.request),
      );
    });
    return { Branding: await loadPlatformBranding(ctx.db), Path: image.name };
  },
});

export const brandingOperations = [getBranding, saveBranding, uploadBrandingImage];
