import { and, asc, eq } from 'drizzle-orm';
import { requirement } from '@cmp/contracts/capabilities';
import { getServiceRequestSchema, getServiceResponseSchema, isValidServiceIconPath } from '@cmp/contracts/marketplace';
import { accessDenied } from '../platform/errors';
import { accounts, priceableItems, products } from '../platform/db/schema';
import { defineOperation } from '../platform/operations';
import { customerPricelistId } from '../pricing/customerPricelist';
import { effectivePrices } from '../pricing/effectivePrice';
import { requirePricelist } from '../pricing/pricelistAccess';

const MARKETPLACE_READ = requirement('MARKETPLACE', ['Read']);

/**
 * spec §2 "service info": a service with every priceable item and its price — for a customer the
 * price of its own company's pricelist (the price it will be billed), for a reseller looking at one
 * of its pricelists that pricelist's price with the rule that set it — the terms and the vendor.
 */
const getService = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetService',
  readOnly: true,
  summary:
    "A service of the catalog with its priceable items priced for the caller's company (or, with pricelistId, by a pricelist the caller manages, naming the rule), its description in the caller's language, terms and vendor. An unknown or inactive service answers 403 like a foreign id.",
  request: getServiceRequestSchema,
  response: getServiceResponseSchema,
  rule: MARKETPLACE_READ,
  async handler(input, { db, caller, locale }) {
    const [row] = await db
      .select({ service: products, vendorName: accounts.displayName })
      .from(products)
      .leftJoin(accounts, eq(accounts.id, products.vendorAccountId))
      .where(and(eq(products.name, input.serviceId), eq(products.isActive, true)))
      .limit(1);
    if (!row) throw accessDenied();
    const { service } = row;
    const pricelistId =
      input.pricelistId === undefined ? await customerPricelistId(db, caller.companyAccount.id) : (await requirePricelist(db, caller, input.pricelistId, MARKETPLACE_READ)).pricelist.id;
    const items = await db.select().from(priceableItems).where(and(eq(priceableItems.productName, service.name), eq(priceableItems.isActive, true))).orderBy(asc(priceableItems.id));
    const prices = pricelistId === undefined ? new Map() : await effectivePrices(db, pricelistId, items.map((item) => item.id));
    const isManaged = input.pricelistId !== undefined;
    return {
      Id: service.name,
      DisplayName: service.displayNames[locale] ?? service.displayName,
      Description: service.descriptions[locale] ?? service.descriptions.en ?? '',
      Category: service.category,
      Tags: service.tags,
      VendorAccountId: service.vendorAccountId,
      VendorName: row.vendorName ?? '',
      BillingRule: service.billingRule as 'PerUnit' | 'Flat',
      BillingPeriod: service.billingPeriod as 'Monthly' | 'Annual',
      CommitmentTerms: service.commitmentTerms,
      Icon: isValidServiceIconPath(service.iconPath) ? service.iconPath! : '',
      TermsOfService: service.termsOfService,
      MarketplaceId: pricelistId ?? null,
      Currency: [...prices.values()][0]?.currency ?? null,
      Items: items.map((item) => {
        const price = prices.get(item.id);
        const priced = price?.isPriced ? price : undefined;
        return {
          PriceableItemId: item.id,
          Name: item.name,
          FeeType: item.feeType as 'Setup' | 'Recurring' | 'Usage',
          Unit: item.unit,
          SalesPrice: priced?.price ?? null,
          Problem: priced ? null : pricelistId === undefined ? 'no_pricelist' : price && 'problem' in price ? price.problem : 'no_rule',
          RuleName: isManaged && priced ? priced.explanation.RuleName : null,
        };
      }),
    };
  },
});

export const serviceInfoOperations = [getService];
