import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  marketplaceIdRequestSchema,
  pricingRuleSchema,
  pricingRulesResponseSchema,
  type PricingModel,
  type PricingRule,
  type PricingScopeKind,
} from '@cmp/contracts/pricing';
import { deletePricingRuleWithPreviewRequestSchema, prioritizePricingRulesWithPreviewRequestSchema, savePricingRuleWithPreviewRequestSchema } from '@cmp/contracts/pricePreview';
import type { Queryable } from '../platform/db/database';
import { accounts, priceableItems, pricingRules, serviceGroups } from '../platform/db/schema';
import { accessDenied, ApiError } from '../platform/errors';
import { auditAccountChange } from '../platform/audit';
import { defineOperation } from '../platform/operations';
import { pricingRulesRule, requirePricelist, type PricelistRow } from './pricelistAccess';
import { applyPreview } from './pricePreview';

// IPricingRuleService (issue 13): a pricelist's rules, their order, and saving or deleting one.
// The default rule (SRP, all services) is always last and can be neither moved nor deleted.

type RuleRow = typeof pricingRules.$inferSelect;

const toRule = (row: RuleRow): PricingRule => ({
  PricingRuleId: row.id,
  MarketplaceId: row.pricelistId,
  Name: row.name,
  Priority: row.priority,
  IsDefault: row.isDefault,
  Model: row.model as PricingModel,
  Parameter: row.parameter,
  Scope: { Kind: row.scopeKind as PricingScopeKind, Ids: row.scopeIds },
});

/** The rules in the order they are tried: by priority, the default last. */
async function rulesOf(db: Queryable, pricelistId: number): Promise<PricingRule[]> {
  const rows = await db.select().from(pricingRules).where(eq(pricingRules.pricelistId, pricelistId)).orderBy(asc(pricingRules.isDefault), asc(pricingRules.priority), asc(pricingRules.id));
  return rows.map(toRule);
}

/** Renumbers the rules 1…n in the given order, the default rule last. */
async function renumber(db: Queryable, pricelistId: number, orderedIds: number[]) {
  for (const [index, id] of orderedIds.entries()) await db.update(pricingRules).set({ priority: index + 1 }).where(eq(pricingRules.id, id));
  await db
    .update(pricingRules)
    .set({ priority: orderedIds.length + 1 })
    .where(and(eq(pricingRules.pricelistId, pricelistId), eq(pricingRules.isDefault, true)));
}

/** A scope names only what exists and what the pricelist's owner may price: vendors, its own service groups, items of the catalog. */
async function assertScope(db: Queryable, pricelist: PricelistRow, kind: PricingScopeKind, ids: number[]) {
  if (kind === 'AllServices' || ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found =
    kind === 'Vendors'
      ? await db.select({ id: accounts.id }).from(accounts).where(and(inArray(accounts.id, unique), eq(accounts.type, 'Vendor')))
      : kind === 'ServiceGroups'
        ? await db.select({ id: serviceGroups.id }).from(serviceGroups).where(and(inArray(serviceGroups.id, unique), eq(serviceGroups.ownerAccountId, pricelist.ownerAccountId)))
        : await db.select({ id: priceableItems.id }).from(priceableItems).where(inArray(priceableItems.id, unique));
  const known = new Set(found.map((row) => row.id));
  const missing = unique.find((id) => !known.has(id));
  if (missing !== undefined) throw new ApiError(400, 'pricing_scope_invalid', { id: String(missing) });
}

const getPricingRules = defineOperation({
  service: 'IPricingRuleService',
  operation: 'GetPricingRules',
  readOnly: true,
  summary: "A pricelist's rules in the order they are tried (priority 1 first, the default SRP rule last).",
  request: marketplaceIdRequestSchema,
  response: pricingRulesResponseSchema,
  rule: pricingRulesRule('Read'),
  async handler(input, { db, caller }) {
    await requirePricelist(db, caller, input.marketplaceId, pricingRulesRule('Read'));
    return { Rules: await rulesOf(db, input.marketplaceId) };
  },
});

const savePricingRule = defineOperation({
  service: 'IPricingRuleService',
  operation: 'SavePricingRule',
  summary:
    'Creates (without PricingRuleId) or changes a rule: name, model (Static with a price; Srp without parameter; Markup, GrossMargin (< 100), SrpDiscount (≤ 100) with a percentage) and scope (AllServices, or Vendors, ServiceGroups of the owner, PriceableItems by id). A new rule comes last before the default rule; the default rule cannot be changed (409). With previewId (PreviewPricingRule), it applies exactly the change previewed, or answers 409 "Prices changed since the preview. Preview again." when prices moved meanwhile.',
  request: savePricingRuleWithPreviewRequestSchema,
  response: pricingRuleSchema,
  rule: pricingRulesRule('Create'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, pricingRulesRule('Create'));
    const rule = input.rule;
    return ctx.db.transaction(async (tx) => {
      // With a preview: exactly the change previewed, on the prices it started from (else 409, preview again).
      if (input.previewId !== undefined) await applyPreview(tx, { previewId: input.previewId, pricelistId: pricelist.id, change: { kind: 'Save', rule } });
      await assertScope(tx, pricelist, rule.Scope.Kind, rule.Scope.Ids);
      const values = {
        name: rule.Name,
        model: rule.Model,
        parameter: rule.Model === 'Srp' ? null : (rule.Parameter ?? null),
        scopeKind: rule.Scope.Kind,
        scopeIds: rule.Scope.Kind === 'AllServices' ? [] : [...new Set(rule.Scope.Ids)],
        updatedAt: new Date(),
      };
      let id: number;
      if (rule.PricingRuleId === undefined) {
        const others = (await rulesOf(tx, pricelist.id)).filter((existing) => !existing.IsDefault);
        const [row] = await tx.insert(pricingRules).values({ ...values, pricelistId: pricelist.id, priority: others.length + 1 }).returning({ id: pricingRules.id });
        id = row!.id;
        await renumber(tx, pricelist.id, [...others.map((existing) => existing.PricingRuleId), id]);
      } else {
        const [existing] = await tx.select().from(pricingRules).where(eq(pricingRules.id, rule.PricingRuleId)).for('update');
        // A rule of another pricelist is as unknown as a missing one.
        if (!existing || existing.pricelistId !== pricelist.id) throw accessDenied();
        if (existing.isDefault) throw new ApiError(409, 'pricing_rule_default_fixed');
        await tx.update(pricingRules).set(values).where(eq(pricingRules.id, existing.id));
        id = existing.id;
      }
      await auditAccountChange(tx, ctx, 'PricingRuleSaved', owner, { MarketplaceId: pricelist.id, PricingRuleId: id, Name: rule.Name, Model: rule.Model, Parameter: values.parameter, Scope: rule.Scope });
      const [saved] = await tx.select().from(pricingRules).where(eq(pricingRules.id, id));
      return toRule(saved!);
    });
  },
});

const deletePricingRule = defineOperation({
  service: 'IPricingRuleService',
  operation: 'DeletePricingRule',
  summary:
    'Deletes a rule; the rules after it move up. The default rule cannot be deleted (409). With previewId (PreviewPricingRule with deletePricingRuleId), it applies exactly the deletion previewed, or answers 409 "Prices changed since the preview. Preview again." when prices moved meanwhile.',
  request: deletePricingRuleWithPreviewRequestSchema,
  response: pricingRulesResponseSchema,
  rule: pricingRulesRule('Delete'),
  async handler(input, ctx) {
    const [existing] = await ctx.db.select().from(pricingRules).where(eq(pricingRules.id, input.pricingRuleId)).limit(1);
    if (!existing) throw accessDenied();
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, existing.pricelistId, pricingRulesRule('Delete'));
    if (existing.isDefault) throw new ApiError(409, 'pricing_rule_default_fixed');
    return ctx.db.transaction(async (tx) => {
      // With a preview: exactly the deletion previewed, on the prices it started from (else 409, preview again).
      if (input.previewId !== undefined) await applyPreview(tx, { previewId: input.previewId, pricelistId: pricelist.id, change: { kind: 'Delete', pricingRuleId: existing.id } });
      await tx.delete(pricingRules).where(eq(pricingRules.id, existing.id));
      const rest = (await rulesOf(tx, pricelist.id)).filter((rule) => !rule.IsDefault).map((rule) => rule.PricingRuleId);
      await renumber(tx, pricelist.id, rest);
      await auditAccountChange(tx, ctx, 'PricingRuleDeleted', owner, { MarketplaceId: pricelist.id, PricingRuleId: existing.id, Name: existing.name });
      return { Rules: await rulesOf(tx, pricelist.id) };
    });
  },
});

const prioritizePricingRules = defineOperation({
  service: 'IPricingRuleService',
  operation: 'PrioritizePricingRules',
  summary:
    'Orders the rules of a pricelist: pricingRuleIds names every rule but the default exactly once, highest priority first (400 otherwise); the default stays last. With previewId (PreviewPricingRule with pricingRuleIds), it applies exactly the order previewed, or answers 409 "Prices changed since the preview. Preview again." when prices moved meanwhile.',
  request: prioritizePricingRulesWithPreviewRequestSchema,
  response: pricingRulesResponseSchema,
  rule: pricingRulesRule('Create'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, pricingRulesRule('Create'));
    return ctx.db.transaction(async (tx) => {
      const current = await tx.select({ id: pricingRules.id, isDefault: pricingRules.isDefault }).from(pricingRules).where(eq(pricingRules.pricelistId, pricelist.id)).for('update');
      const movable = new Set(current.filter((row) => !row.isDefault).map((row) => row.id));
      const ids = input.pricingRuleIds;
      if (new Set(ids).size !== ids.length || ids.length !== movable.size || ids.some((id) => !movable.has(id))) {
        throw new ApiError(400, 'priority_list_incomplete', { field: 'pricingRuleIds' });
      }
      if (input.previewId !== undefined) await applyPreview(tx, { previewId: input.previewId, pricelistId: pricelist.id, change: { kind: 'Prioritize', pricingRuleIds: ids } });
      await renumber(tx, pricelist.id, ids);
      await auditAccountChange(tx, ctx, 'PricingRuleSaved', owner, { MarketplaceId: pricelist.id, PricingRuleIds: ids });
      return { Rules: await rulesOf(tx, pricelist.id) };
    });
  },
});

export const pricingRuleOperations = [getPricingRules, savePricingRule, deletePricingRule, prioritizePricingRules];
