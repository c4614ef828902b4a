import { sql } from 'drizzle-orm';
import type { Locale } from '@cmp/contracts/locales';
import {
  getMarketplaceTermsRequestSchema,
  getMarketplaceTermsResponseSchema,
  getServiceRequestSchema,
  getServiceResponseSchema,
  isValidServiceIconPath,
} from '@cmp/contracts/marketplace';
import type { Queryable } from '../platform/db/database';
import { accessDenied } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import type { CallerSession } from '../platform/session';
import { requirePricelist } from '../pricing/pricelistAccess';
import { rowsOf } from '../platform/db/rowsOf';
import { catalogViewer, visibleServices, type CatalogViewer } from './catalogViewer';
import { MARKETPLACE_READ } from './searchServices';
import { priceCatalogItems, serviceItems } from './servicePrices';
import { ruleSeenBy } from '../platform/sellerSide';

interface ServiceDetailRow {
  name: string;
  display_name: string;
  short_description: string;
  vendor_account_id: number | null;
  category: string | null;
  tags: string[];
  icon_path: string | null;
  is_new: boolean;
  billing_period: 'Monthly' | 'Annual';
  billing_rule: 'PerUnit' | 'Flat';
  commitment_terms: string[];
  terms_of_service: string | null;
  vendor_sku: string | null;
  product_number: string | null;
  vendor_name: string | null;
  vendor_descriptions: Record<string, string> | null;
  website_url: string | null;
  support_email: string | null;
  support_phone: string | null;
  support_url: string | null;
}

/**
 * The service as the caller sees it: for a customer only one its pricelist offers and no reseller
 * above switched off (a hidden, unknown or inactive service answers 403 like a foreign id); with a
 * pricelist the caller manages, any active service, priced by that pricelist.
 */
async function visibleService(db: Queryable, caller: CallerSession, locale: Locale, serviceId: string, pricelistId: number | undefined) {
  const viewer: CatalogViewer =
    pricelistId === undefined ? await catalogViewer(db, caller) : { pricelistId: (await requirePricelist(db, caller, pricelistId, MARKETPLACE_READ)).pricelist.id, ownerLineage: [] };
  // A managed pricelist shows the whole active catalog (the reseller decides what it offers).
  const visible = visibleServices(pricelistId === undefined ? viewer : { pricelistId: undefined, ownerLineage: [] }, locale);
  const [row] = await rowsOf<ServiceDetailRow>(
    db,
    sql`select v.*, p.billing_rule, p.commitment_terms, p.terms_of_service, p.vendor_sku, p.product_number,
        a.display_name as vendor_name, vp.descriptions as vendor_descriptions, vp.website_url, vp.support_email, vp.support_phone, vp.support_url
      from ${visible} v join products p on p.name = v.name
      left join accounts a on a.id = v.vendor_account_id
      left join vendor_profiles vp on vp.vendor_account_id = v.vendor_account_id
      where v.name = ${serviceId}`,
  );
  if (!row) throw accessDenied();
  return { row, viewer };
}

/**
 * spec §2 "service info": a service with every priceable item and its price — the price of the
 * caller's company's pricelist (the price it will be billed), or of a pricelist the caller manages —
 * each with the rule that set it (issue 13 "every price explains itself"), the terms and the vendor.
 */
const getService = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetService',
  readOnly: true,
  summary:
    "A service of the catalog with every priceable item priced for the caller's company (or, with pricelistId, by a pricelist the caller manages) and the rule that set each price, its description in the caller's language, billing, commitment terms, terms and vendor. A caller no pricelist applies to sees the vendors' SRPs. An unknown, inactive or hidden service answers 403 like a foreign id.",
  request: getServiceRequestSchema,
  response: getServiceResponseSchema,
  rule: MARKETPLACE_READ,
  async handler(input, { db, caller, locale }) {
    const { row, viewer } = await visibleService(db, caller, locale, input.serviceId, input.pricelistId);
    const items = await serviceItems(db, row.name);
    const prices = await priceCatalogItems(db, viewer, items);
    const vendorText = row.vendor_descriptions ?? {};
    return {
      Id: row.name,
      DisplayName: row.display_name,
      Description: row.short_description,
      Category: row.category,
      Tags: row.tags,
      VendorAccountId: row.vendor_account_id,
      VendorName: row.vendor_name ?? '',
      Vendor: {
        AccountId: row.vendor_account_id,
        Name: row.vendor_name ?? '',
        Description: vendorText[locale] || vendorText.en || '',
        WebsiteUrl: row.website_url,
        SupportEmail: row.support_email,
        SupportPhone: row.support_phone,
        SupportUrl: row.support_url,
      },
      VendorSku: row.vendor_sku,
      ProductNumber: row.product_number,
      BillingRule: row.billing_rule,
      BillingPeriod: row.billing_period,
      CommitmentTerms: row.commitment_terms,
      IsNew: row.is_new,
      Icon: isValidServiceIconPath(row.icon_path) ? row.icon_path! : '',
      TermsOfService: row.terms_of_service,
      MarketplaceId: viewer.pricelistId ?? null,
      Currency: [...prices.values()][0]?.Currency ?? null,
      Items: items.map((item) => {
        const price = prices.get(item.id);
        // Without pricelistId the caller's own purchases are priced: it is their buyer and sees no rule over the purchase price.
        const rule = ruleSeenBy(price?.Rule ?? null, input.pricelistId !== undefined);
        return {
          PriceableItemId: item.id,
          Name: item.name,
          FeeType: item.feeType,
          Unit: item.unit,
          SalesPrice: price?.Amount ?? null,
          Problem: price ? price.Problem : 'no_rule',
          RuleName: rule?.RuleName ?? null,
          Rule: rule,
          Basis: price?.Basis ?? 'Pricelist',
        };
      }),
    };
  },
});

/** spec §7 Marketplace "terms": the terms of a service the caller may see (serviceName). */
const getMarketplaceTerms = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetMarketplaceTerms',
  readOnly: true,
  summary: 'The terms of a service the caller may order (plain text; empty when the vendor wrote none). An unknown or hidden service answers 403 like a foreign id.',
  request: getMarketplaceTermsRequestSchema,
  response: getMarketplaceTermsResponseSchema,
  rule: MARKETPLACE_READ,
  async handler(input, { db, caller, locale }) {
    const { row } = await visibleService(db, caller, locale, input.serviceName, undefined);
    return { ServiceName: row.name, DisplayName: row.display_name, TermsText: row.terms_of_service ?? '' };
  },
});

export const serviceInfoOperations = [getService, getMarketplaceTerms];
