import { and, eq, inArray } from 'drizzle-orm';
import {
  exportPriceableItemsRequestSchema,
  pricePreviewResponseSchema,
  previewPricingRuleRequestSchema,
  updateServicesRequestSchema,
  updateServicesResponseSchema,
} from '@cmp/contracts/pricePreview';
import type { PricedItem } from '@cmp/contracts/pricing';
import { fileDownloadSchema } from '@cmp/contracts/users';
import type { Locale } from '@cmp/contracts/locales';
import { auditAccountChange } from '../platform/audit';
import { priceableItems, pricelistItemPrices, pricelistServices, pricelists, pricingRules } from '../platform/db/schema';
import { accessDenied, ApiError } from '../platform/errors';
import { catalogueText, workbookDownload, type ExcelColumn } from '../platform/excel';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { pricedItemsOf } from './priceableItemOperations';
import { marketplaceRule, pricingRulesRule, requirePricelist } from './pricelistAccess';
import { ruleChangeEffect, storePreview, type RuleChange } from './pricePreview';

// IPricingRuleService/PreviewPricingRule (the price-change preview of a rule change), and the manual
// prices, enabled services and Excel export of the edit-prices grid (IMarketplaceService/UpdateServices,
// ExportPriceableItems). Issue 13.

const previewPricingRule = defineOperation({
  service: 'IPricingRuleService',
  operation: 'PreviewPricingRule',
  summary:
    "What a rule change would do before it is saved: exactly one of rule (as SavePricingRule takes it), deletePricingRuleId or pricingRuleIds (a new order). Answers the items whose price changes (old and new price, margin and rule), the customers the pricelist applies to with the monthly revenue and margin delta of their active subscriptions, the totals, and a PreviewId: SavePricingRule with that previewId applies exactly this, or answers 409 when prices moved meanwhile.",
  request: previewPricingRuleRequestSchema,
  response: pricePreviewResponseSchema,
  rule: pricingRulesRule('Create'),
  async handler(input, ctx) {
    const { pricelist } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, pricingRulesRule('Create'));
    const given = [input.rule !== undefined, input.deletePricingRuleId !== undefined, input.pricingRuleIds !== undefined].filter(Boolean).length;
    if (given !== 1) throw new ApiError(400, 'price_preview_change_invalid');
    const change: RuleChange = input.rule
      ? { kind: 'Save', rule: input.rule }
      : input.deletePricingRuleId !== undefined
        ? { kind: 'Delete', pricingRuleId: input.deletePricingRuleId }
        : { kind: 'Prioritize', pricingRuleIds: input.pricingRuleIds! };
    // The rules named must be this pricelist's (a foreign one answers like a missing one); the default stays as it is.
    const rules = await ctx.db.select({ id: pricingRules.id, isDefault: pricingRules.isDefault }).from(pricingRules).where(eq(pricingRules.pricelistId, pricelist.id));
    const named = change.kind === 'Save' ? (change.rule.PricingRuleId === undefined ? [] : [change.rule.PricingRuleId]) : change.kind === 'Delete' ? [change.pricingRuleId] : change.pricingRuleIds;
    for (const id of named) {
      const rule = rules.find((candidate) => candidate.id === id);
      if (!rule) throw accessDenied();
      if (rule.isDefault) throw new ApiError(409, 'pricing_rule_default_fixed');
    }
    if (change.kind === 'Prioritize') {
      const movable = rules.filter((rule) => !rule.isDefault);
      if (new Set(change.pricingRuleIds).size !== change.pricingRuleIds.length || change.pricingRuleIds.length !== movable.length) {
        throw new ApiError(400, 'priority_list_incomplete', { field: 'pricingRuleIds' });
      }
    }
    const effect = await ruleChangeEffect(ctx.db, pricelist.id, change);
    return storePreview(ctx.db, { pricelistId: pricelist.id, change, effect, accountId: ctx.caller.userAccount.id });
  },
});

const updateServices = defineOperation({
  service: 'IMarketplaceService',
  operation: 'UpdateServices',
  summary:
    'The edit-prices grid saves: enables or disables services of the pricelist (marketplaceServiceList [{ServiceName, IsEnabled}]) and sets or clears manual prices (updateCharges [{PriceableItemId, SalesPrice: decimal string ≥ 0 with at most 6 decimals, or null to clear}]). A manual price prices the item before every rule. All or nothing, audited as PricelistChanged.',
  request: updateServicesRequestSchema,
  response: updateServicesResponseSchema,
  rule: marketplaceRule('Create'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, marketplaceRule('Create'));
    return ctx.db.transaction(async (tx) => {
      // One writer of a pricelist's prices at a time.
      await tx.select({ id: pricelists.id }).from(pricelists).where(eq(pricelists.id, pricelist.id)).for('update');
      const serviceNames = [...new Set(input.marketplaceServiceList.map((service) => service.ServiceName))];
      const offered = serviceNames.length
        ? new Set(
            (
              await tx
                .select({ name: pricelistServices.productName })
                .from(pricelistServices)
                .where(and(eq(pricelistServices.pricelistId, pricelist.id), inArray(pricelistServices.productName, serviceNames)))
            ).map((row) => row.name),
          )
        : new Set<string>();
      const unknownIndex = input.marketplaceServiceList.findIndex((service) => !offered.has(service.ServiceName));
      if (unknownIndex >= 0) {
        throw new ApiError(400, 'manual_price_service_unknown', { field: `marketplaceServiceList.${unknownIndex}.ServiceName`, name: input.marketplaceServiceList[unknownIndex]!.ServiceName });
      }
      for (const service of input.marketplaceServiceList) {
        await tx
          .update(pricelistServices)
          .set({ isEnabled: service.IsEnabled })
          .where(and(eq(pricelistServices.pricelistId, pricelist.id), eq(pricelistServices.productName, service.ServiceName)));
      }
      // A manual price only for an item of a service the pricelist holds.
      const itemIds = [...new Set(input.updateCharges.map((charge) => charge.PriceableItemId))];
      const onPricelist = itemIds.length
        ? new Set(
            (
              await tx
                .select({ id: priceableItems.id })
                .from(priceableItems)
                .innerJoin(pricelistServices, and(eq(pricelistServices.productName, priceableItems.productName), eq(pricelistServices.pricelistId, pricelist.id)))
                .where(inArray(priceableItems.id, itemIds))
            ).map((row) => row.id),
          )
        : new Set<number>();
      const foreignIndex = input.updateCharges.findIndex((charge) => !onPricelist.has(charge.PriceableItemId));
      if (foreignIndex >= 0) {
        throw new ApiError(400, 'manual_price_item_not_offered', { field: `updateCharges.${foreignIndex}.PriceableItemId`, id: String(input.updateCharges[foreignIndex]!.PriceableItemId) });
      }
      // The last word on an item counts when it is named twice.
      const lastWord = new Map(input.updateCharges.map((charge) => [charge.PriceableItemId, charge.SalesPrice]));
      const now = new Date();
      for (const [itemId, salesPrice] of lastWord) {
        if (salesPrice === null) {
          await tx.delete(pricelistItemPrices).where(and(eq(pricelistItemPrices.pricelistId, pricelist.id), eq(pricelistItemPrices.priceableItemId, itemId)));
        } else {
          await tx
            .insert(pricelistItemPrices)
            .values({ pricelistId: pricelist.id, priceableItemId: itemId, salesPrice, updatedAt: now })
            .onConflictDoUpdate({ target: [pricelistItemPrices.pricelistId, pricelistItemPrices.priceableItemId], set: { salesPrice, updatedAt: now } });
        }
      }
      await tx.update(pricelists).set({ updatedAt: now }).where(eq(pricelists.id, pricelist.id));
      await auditAccountChange(tx, ctx, 'PricelistChanged', owner, {
        MarketplaceId: pricelist.id,
        Services: input.marketplaceServiceList,
        ManualPrices: [...lastWord].map(([PriceableItemId, SalesPrice]) => ({ PriceableItemId, SalesPrice })),
      });
      return { UpdatedServices: input.marketplaceServiceList.length, UpdatedCharges: lastWord.size };
    });
  },
});

type ExportRow = PricedItem & { locale: Locale };
const yes = (locale: Locale, flag: boolean) => (flag ? catalogueText(locale, 'export_price_yes') : '');
const PRICE_COLUMNS: ExcelColumn<ExportRow>[] = [
  { titleKey: 'export_price_service', width: 30, value: (row) => row.ServiceDisplayName },
  { titleKey: 'export_price_item', width: 24, value: (row) => row.ItemName },
  { titleKey: 'export_price_fee_type', width: 12, value: (row) => row.FeeType },
  { titleKey: 'export_price_vendor', width: 24, value: (row) => row.VendorName },
  { titleKey: 'export_price_currency', width: 10, value: (row) => row.Currency },
  // Amounts stay exact decimal text: a spreadsheet number would be a binary float.
  { titleKey: 'export_price_purchase', width: 14, value: (row) => row.PurchasePrice },
  { titleKey: 'export_price_srp', width: 14, value: (row) => row.Srp },
  { titleKey: 'export_price_sales', width: 14, value: (row) => row.SalesPrice },
  { titleKey: 'export_price_margin', width: 12, value: (row) => row.Margin },
  { titleKey: 'export_price_margin_percent', width: 10, value: (row) => row.MarginPercent },
  { titleKey: 'export_price_rule', width: 30, value: (row) => (row.Rule ? (row.Rule.IsManualPrice ? catalogueText(row.locale, 'export_price_manual') : row.Rule.RuleName) : null) },
  { titleKey: 'export_price_below_purchase', width: 14, value: (row) => yes(row.locale, row.IsBelowPurchase) },
];

const exportPriceableItems = defineOperation({
  service: 'IMarketplaceService',
  operation: 'ExportPriceableItems',
  readOnly: true,
  summary: 'The edit-prices grid (GetPriceableItems with the same filter and sort, every page) as an Excel workbook: {FileName, ContentType, ContentBase64}; the file is named "Prices-<pricelist>" by the spec §5 rule.',
  request: exportPriceableItemsRequestSchema,
  response: fileDownloadSchema,
  rule: marketplaceRule('Read'),
  async handler(input, { db, caller, locale }) {
    const { pricelist } = await requirePricelist(db, caller, input.marketplaceId, marketplaceRule('Read'));
    const items = await pricedItemsOf(db, pricelist, input);
    return workbookDownload(locale, {
      baseName: `${catalogueText(locale, 'export_prices_file')}-${pricelist.name}`,
      sheetTitleKey: 'export_prices_sheet',
      columns: PRICE_COLUMNS,
      rows: items.map((item) => ({ ...item, locale })),
    });
  },
});

export const pricePreviewOperations: OperationDefinition[] = [previewPricingRule, updateServices, exportPriceableItems];
