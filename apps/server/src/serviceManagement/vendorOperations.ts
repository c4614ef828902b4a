import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { isAllowed } from '@cmp/contracts/capabilities';
import {
  getVendorProfileRequestSchema,
  getVendorServicesRequestSchema,
  getVendorServicesResponseSchema,
  saveVendorProfileRequestSchema,
  saveVendorServiceRequestSchema,
  vendorProfileSchema,
  vendorServiceSchema,
  type VendorProfile,
  type VendorService,
} from '@cmp/contracts/catalog';
import type { FeeType } from '@cmp/contracts/pricing';
import { callerScopePath } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { priceableItems, products, vendorProfiles } from '../platform/db/schema';
import { accessDenied, ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import type { AccountRow } from '../platform/session';
import { PROFILE_CHANGE, PROFILE_READ, priceString, requireVendor, vendorsInScope, type ProductRow } from './serviceAccess';

// My vendor profile (issue 13): a vendor's public profile and the services it maintains, with their
// priceable items. A vendor changes only its own; the platform owner any vendor in its hierarchy.

/** Drops empty texts, so "no text in that language" is stored as no key. */
const compactTexts = (texts: Partial<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())));
const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

async function profileOf(db: Queryable, vendor: AccountRow, canEdit: boolean): Promise<VendorProfile> {
  const [row] = await db.select().from(vendorProfiles).where(eq(vendorProfiles.vendorAccountId, vendor.id)).limit(1);
  return {
    VendorAccountId: vendor.id,
    VendorName: vendor.displayName,
    Descriptions: row?.descriptions ?? {},
    LogoPath: row?.logoPath ?? null,
    SupportEmail: row?.supportEmail ?? null,
    SupportPhone: row?.supportPhone ?? null,
    SupportUrl: row?.supportUrl ?? null,
    WebsiteUrl: row?.websiteUrl ?? null,
    UpdatedAt: row?.updatedAt.toISOString() ?? null,
    CanEdit: canEdit,
  };
}

const getManagedVendors = defineOperation({
  service: 'IServiceManagementService',
  operation: 'GetManagedVendors',
  readOnly: true,
  summary: 'The vendors whose profile and services the caller may open: a vendor itself, the platform owner every vendor in its hierarchy.',
  request: z.object({}).strict(),
  response: z.object({ Vendors: z.array(z.object({ VendorAccountId: z.number().int(), VendorName: z.string() })) }),
  rule: PROFILE_READ,
  async handler(_input, { db, caller }) {
    return { Vendors: await vendorsInScope(db, await callerScopePath(db, caller, PROFILE_READ)) };
  },
});

const getVendorProfile = defineOperation({
  service: 'IServiceManagementService',
  operation: 'GetVendorProfile',
  readOnly: true,
  summary: "A vendor's profile (vendorAccountId, by default the caller's own vendor): profile text per language, logo path, support e-mail, phone and address, website; CanEdit tells whether the caller may change it.",
  request: getVendorProfileRequestSchema,
  response: vendorProfileSchema,
  rule: PROFILE_READ,
  async handler(input, { db, caller }) {
    const vendor = await requireVendor(db, caller, input.vendorAccountId, PROFILE_READ);
    return profileOf(db, vendor, isAllowed(caller.capabilities, PROFILE_CHANGE));
  },
});

const saveVendorProfile = defineOperation({
  service: 'IServiceManagementService',
  operation: 'SaveVendorProfile',
  summary: "Saves a vendor's profile (Product Owner Profile Create and Execute): the texts given replace the stored ones; an empty text removes that language. Audited as VendorProfileSaved.",
  request: saveVendorProfileRequestSchema,
  response: vendorProfileSchema,
  rule: PROFILE_CHANGE,
  async handler(input, ctx) {
    const vendor = await requireVendor(ctx.db, ctx.caller, input.vendorAccountId, PROFILE_CHANGE);
    const profile = input.profile;
    const values = {
      descriptions: compactTexts(profile.Descriptions),
      logoPath: orNull(profile.LogoPath),
      supportEmail: orNull(profile.SupportEmail),
      supportPhone: orNull(profile.SupportPhone),
      supportUrl: orNull(profile.SupportUrl),
      websiteUrl: orNull(profile.WebsiteUrl),
      updatedAt: new Date(),
    };
    return ctx.db.transaction(async (tx) => {
      await tx.insert(vendorProfiles).values({ vendorAccountId: vendor.id, ...values }).onConflictDoUpdate({ target: vendorProfiles.vendorAccountId, set: values });
      await auditAccountChange(tx, ctx, 'VendorProfileSaved', vendor, { Languages: Object.keys(values.descriptions), LogoPath: values.logoPath, SupportEmail: values.supportEmail, SupportPhone: values.supportPhone, SupportUrl: values.supportUrl, WebsiteUrl: values.websiteUrl });
      return profileOf(tx, vendor, true);
    });
  },
});

type ItemRow = typeof priceableItems.$inferSelect;

function toService(product: ProductRow, items: ItemRow[]): VendorService {
  return {
    ServiceName: product.name,
    DisplayName: product.displayName,
    DisplayNames: { en: product.displayName, ...product.displayNames },
    Descriptions: product.descriptions,
    VendorAccountId: product.vendorAccountId!,
    VendorSku: product.vendorSku,
    ProductNumber: product.productNumber,
    Category: product.category,
    Tags: product.tags,
    BillingRule: product.billingRule as VendorService['BillingRule'],
    BillingPeriod: product.billingPeriod as VendorService['BillingPeriod'],
    Currency: product.currency,
    CommitmentTerms: product.commitmentTerms,
    IconPath: product.iconPath,
    TermsOfService: product.termsOfService,
    IsActive: product.isActive,
    Revision: product.revision,
    Items: items
      .filter((item) => item.productName === product.name)
      .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.id - b.id)
      .map((item) => ({
        PriceableItemId: item.id,
        Name: item.name,
        FeeType: item.feeType as FeeType,
        Unit: item.unit,
        PurchasePrice: priceString(item.purchasePrice, product.currency),
        Srp: priceString(item.srp, product.currency),
        IsActive: item.isActive,
      })),
  };
}

/** A vendor's services with every priceable item (withdrawn ones last, IsActive false), by name. */
export async function vendorServices(db: Queryable, vendorAccountId: number, names?: string[]): Promise<VendorService[]> {
  const where = names ? and(eq(products.vendorAccountId, vendorAccountId), inArray(products.name, names)) : eq(products.vendorAccountId, vendorAccountId);
  const rows = await db.select().from(products).where(where).orderBy(asc(products.displayName), asc(products.name));
  if (!rows.length) return [];
  const items = await db.select().from(priceableItems).where(inArray(priceableItems.productName, rows.map((row) => row.name)));
  return rows.map((row) => toService(row, items));
}

const getVendorServices = defineOperation({
  service: 'IServiceManagementService',
  operation: 'GetVendorServices',
  readOnly: true,
  summary: "A vendor's services (vendorAccountId, by default the caller's own vendor) with their priceable items (purchase price and SRP as decimal strings) and each service's revision.",
  request: getVendorServicesRequestSchema,
  response: getVendorServicesResponseSchema,
  rule: PROFILE_READ,
  async handler(input, { db, caller }) {
    const vendor = await requireVendor(db, caller, input.vendorAccountId, PROFILE_READ);
    return { VendorAccountId: vendor.id, VendorName: vendor.displayName, Services: await vendorServices(db, vendor.id) };
  },
});

const saveVendorService = defineOperation({
  service: 'IServiceManagementService',
  operation: 'SaveVendorService',
  summary:
    "Creates (without revisionId; 409 if the service name exists) or changes (revisionId = the service's current revision, else 409) a vendor's service: names and descriptions per language (English required), SKU, product number, category, tags, billing rule and period, currency, commitment terms, icon path (spec §5), terms, and its priceable items (purchase price and SRP as decimal strings). Items left out are withdrawn. Raises the revision. Audited as VendorServiceSaved.",
  request: saveVendorServiceRequestSchema,
  response: vendorServiceSchema,
  rule: PROFILE_CHANGE,
  async handler(input, ctx) {
    const vendor = await requireVendor(ctx.db, ctx.caller, input.vendorAccountId, PROFILE_CHANGE);
    const service = input.service;
    const seen = new Map<string, number>();
    for (const [index, item] of service.Items.entries()) {
      const key = item.Name.toLowerCase();
      if (seen.has(key)) throw new ApiError(400, 'field_not_unique', { field: `service.Items.${index}.Name`, value: item.Name });
      seen.set(key, index);
    }
    const displayNames = compactTexts(service.DisplayNames);
    const facts = {
      displayName: displayNames.en!,
      displayNames,
      descriptions: compactTexts(service.Descriptions),
      vendorSku: orNull(service.VendorSku),
      productNumber: orNull(service.ProductNumber),
      category: service.Category,
      tags: [...new Set(service.Tags)],
      billingRule: service.BillingRule,
      billingPeriod: service.BillingPeriod,
      currency: service.Currency,
      commitmentTerms: [...new Set(service.CommitmentTerms)],
      commitment: service.CommitmentTerms[0]!,
      iconPath: orNull(service.IconPath),
      termsOfService: orNull(service.TermsOfService),
      isActive: service.IsActive,
    };
    return ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(products).where(eq(products.name, input.serviceName)).for('update');
      const isNew = input.revisionId === undefined;
      if (isNew) {
        if (existing) throw new ApiError(409, 'service_name_taken', { name: input.serviceName });
        await tx.insert(products).values({ name: input.serviceName, vendorAccountId: vendor.id, ...facts });
      } else {
        // Another vendor's service is as unknown as a missing one.
        if (!existing || existing.vendorAccountId !== vendor.id) throw accessDenied();
        if (existing.revision !== input.revisionId) throw new ApiError(409, 'service_revision_stale', { name: existing.displayName });
        await tx.update(products).set({ ...facts, revision: existing.revision + 1 }).where(eq(products.name, existing.name));
      }
      const current = await tx.select().from(priceableItems).where(eq(priceableItems.productName, input.serviceName));
      const byId = new Map(current.map((item) => [item.id, item]));
      const byName = new Map(current.map((item) => [item.name.toLowerCase(), item]));
      const kept = new Set<number>();
      for (const [index, item] of service.Items.entries()) {
        const values = { name: item.Name, feeType: item.FeeType, unit: orNull(item.Unit), purchasePrice: item.PurchasePrice, srp: item.Srp, isActive: true };
        const target = item.PriceableItemId !== undefined ? byId.get(item.PriceableItemId) : byName.get(item.Name.toLowerCase());
        if (item.PriceableItemId !== undefined && !target) throw new ApiError(400, 'field_invalid_value', { field: `service.Items.${index}.PriceableItemId`, value: String(item.PriceableItemId) });
        const clash = byName.get(item.Name.toLowerCase());
        if (target && clash && clash.id !== target.id && !service.Items.some((other) => other.PriceableItemId === clash.id)) {
          // Renaming onto a withdrawn item of the same name: the withdrawn one keeps its place in history under another name.
          await tx.update(priceableItems).set({ name: `${clash.name} (${clash.id})` }).where(eq(priceableItems.id, clash.id));
        }
        if (target) {
          await tx.update(priceableItems).set(values).where(eq(priceableItems.id, target.id));
          kept.add(target.id);
        } else {
          const [row] = await tx.insert(priceableItems).values({ productName: input.serviceName, ...values }).returning({ id: priceableItems.id });
          kept.add(row!.id);
        }
      }
      const withdrawn = current.filter((item) => !kept.has(item.id) && item.isActive).map((item) => item.id);
      if (withdrawn.length) await tx.update(priceableItems).set({ isActive: false }).where(inArray(priceableItems.id, withdrawn));
      await auditAccountChange(tx, ctx, 'VendorServiceSaved', vendor, {
        ServiceName: input.serviceName,
        Created: isNew,
        DisplayName: facts.displayName,
        Items: service.Items.map((item) => ({ Name: item.Name, FeeType: item.FeeType, PurchasePrice: item.PurchasePrice, Srp: item.Srp })),
        WithdrawnItemIds: withdrawn,
      });
      return (await vendorServices(tx, vendor.id, [input.serviceName]))[0]!;
    });
  },
});

export const vendorOperations = [getManagedVendors, getVendorProfile, saveVendorProfile, getVendorServices, saveVendorService];
