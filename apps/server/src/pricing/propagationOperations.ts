import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  getPropagationFiltersResponseSchema,
  getPropagationStatusRequestSchema,
  getPropagationStatusResponseSchema,
  propagateRequestSchema,
  propagationFilterConflicts,
  propagationPreviewSchema,
  previewPropagationRequestSchema,
  savePropagationFiltersRequestSchema,
  type PropagationRun,
  type PropagationStatus,
} from '@cmp/contracts/propagation';
import { marketplaceIdRequestSchema } from '@cmp/contracts/pricing';
import { z } from 'zod';
import type { Queryable } from '../platform/db/database';
import { accounts, pricelistServices, products, propagationFilters, propagationRuns } from '../platform/db/schema';
import { auditAccountChange } from '../platform/audit';
import { accessDenied, ApiError } from '../platform/errors';
import { withIdempotency } from '../platform/idempotency';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { marketplaceRule, requirePricelist } from './pricelistAccess';
import { createRun, PROPAGATION_JOB } from './propagation';
import { assertPreviewCurrent, loadPreview, previewPropagation } from './propagationPreview';
import { filterOf, loadFilters } from './propagationSource';

// IMarketplaceService: propagation filters, PreviewPropagation, Propagate, GetPropagationStatus (issue 13).
// Reading filters and runs asks MARKETPLACE Read, saving filters Create, previewing and running Execute;
// the pricelist's owner must lie in the caller's hierarchy (a foreign or missing one: the same 403).

async function filterChoices(db: Queryable, pricelistId: number) {
  const offered = await db
    .select({ vendorAccountId: products.vendorAccountId, vendorName: accounts.displayName, tags: products.tags })
    .from(pricelistServices)
    .innerJoin(products, eq(products.name, pricelistServices.productName))
    .leftJoin(accounts, eq(accounts.id, products.vendorAccountId))
    .where(eq(pricelistServices.pricelistId, pricelistId));
  const vendors = new Map<number, string>();
  const tags = new Set<string>();
  for (const row of offered) {
    if (row.vendorAccountId !== null) vendors.set(row.vendorAccountId, row.vendorName ?? '');
    for (const tag of row.tags) tags.add(tag);
  }
  return {
    Vendors: [...vendors].map(([AccountId, Name]) => ({ AccountId, Name })).sort((a, b) => a.Name.localeCompare(b.Name) || a.AccountId - b.AccountId),
    Tags: [...tags].sort((a, b) => a.localeCompare(b)),
  };
}

const getPropagationFilters = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetPropagationFilters',
  readOnly: true,
  summary: "A pricelist's propagation filters (vendor filter type and vendors, tag filter type and tags), with the vendors and tags of its services to choose from.",
  request: marketplaceIdRequestSchema,
  response: getPropagationFiltersResponseSchema,
  rule: marketplaceRule('Read'),
  async handler(input, { db, caller }) {
    await requirePricelist(db, caller, input.marketplaceId, marketplaceRule('Read'));
    return { Filters: await loadFilters(db, input.marketplaceId), ...(await filterChoices(db, input.marketplaceId)) };
  },
});

const savePropagationFilters = defineOperation({
  service: 'IMarketplaceService',
  operation: 'SavePropagationFilters',
  summary:
    "Saves a pricelist's whole list of propagation filters (a filter without PropagationFilterId is new, a saved one left out is deleted). Only one filter may leave the vendors empty and a vendor is named by one filter only: saved filters a new or changed one conflicts with answer 409 naming their ids, unless deleteConflicting is true, which deletes them.",
  request: savePropagationFiltersRequestSchema,
  response: getPropagationFiltersResponseSchema,
  rule: marketplaceRule('Create'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, marketplaceRule('Create'));
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from pricelists where id = ${pricelist.id} for update`);
      const saved = (await tx.select().from(propagationFilters).where(eq(propagationFilters.pricelistId, pricelist.id)).orderBy(asc(propagationFilters.id))).map(filterOf);
      const savedIds = new Set(saved.map((filter) => filter.PropagationFilterId));
      const wanted = input.filters.map((filter) => ({ ...filter, Tags: [...new Set(filter.Tags)], VendorAccountIds: [...new Set(filter.VendorAccountIds)] }));
      wanted.forEach((filter, index) => {
        if (filter.PropagationFilterId !== undefined && !savedIds.has(filter.PropagationFilterId)) {
          throw new ApiError(400, 'field_invalid_value', { field: `filters[${index}].PropagationFilterId`, value: String(filter.PropagationFilterId) });
        }
      });
      const vendorIds = [...new Set(wanted.flatMap((filter) => filter.VendorAccountIds))];
      if (vendorIds.length) {
        const vendors = await tx.select({ id: accounts.id }).from(accounts).where(and(inArray(accounts.id, vendorIds), eq(accounts.type, 'Vendor')));
        const known = new Set(vendors.map((row) => row.id));
        const index = wanted.findIndex((filter) => filter.VendorAccountIds.some((id) => !known.has(id)));
        if (index >= 0) {
          const id = wanted[index]!.VendorAccountIds.find((each) => !known.has(each))!;
          throw new ApiError(400, 'propagation_filter_vendor_invalid', { field: `filters[${index}].VendorAccountIds`, id: String(id) });
        }
      }
      const { conflictingIds, clash } = propagationFilterConflicts(saved, wanted);
      if (clash !== null) throw new ApiError(400, 'propagation_filter_clash', { field: `filters[${clash}]` });
      if (conflictingIds.length && !input.deleteConflicting) throw new ApiError(409, 'propagation_filter_conflict', { ids: conflictingIds.join(', ') });
      const keep = wanted.filter((filter) => filter.PropagationFilterId === undefined || !conflictingIds.includes(filter.PropagationFilterId));
      const keptIds = new Set(keep.map((filter) => filter.PropagationFilterId).filter((id) => id !== undefined));
      const deleted = saved.map((filter) => filter.PropagationFilterId).filter((id) => !keptIds.has(id));
      if (deleted.length) await tx.delete(propagationFilters).where(inArray(propagationFilters.id, deleted));
      for (const filter of keep) {
        const values = { vendorFilterType: filter.VendorFilterType, vendorAccountIds: filter.VendorAccountIds, tagFilterType: filter.TagFilterType, tags: filter.Tags };
        if (filter.PropagationFilterId === undefined) await tx.insert(propagationFilters).values({ pricelistId: pricelist.id, ...values });
        else await tx.update(propagationFilters).set(values).where(eq(propagationFilters.id, filter.PropagationFilterId));
      }
      const filters = await loadFilters(tx, pricelist.id);
      await auditAccountChange(tx, ctx, 'PricelistChanged', owner, { MarketplaceId: pricelist.id, PropagationFilters: filters, DeletedConflictingFilterIds: conflictingIds });
      return { Filters: filters, ...(await filterChoices(tx, pricelist.id)) };
    });
  },
});

const previewPropagationOperation = defineOperation({
  service: 'IMarketplaceService',
  operation: 'PreviewPropagation',
  summary:
    "The effect of propagating a pricelist's prices to the pricelists of its customer resellers (customerAccountIds: only theirs): per target pricelist the items whose purchase price changes (old → new), the target's sales price now and with the new cost under its own rules, its customers, the monthly revenue and margin change over its customers' subscriptions. Answers a PreviewId for Propagate.",
  request: previewPropagationRequestSchema,
  response: propagationPreviewSchema,
  rule: marketplaceRule('Execute'),
  async handler(input, { db, caller }) {
    const { pricelist } = await requirePricelist(db, caller, input.marketplaceId, marketplaceRule('Execute'));
    return previewPropagation(db, { sourcePricelistId: pricelist.id, customerAccountIds: input.customerAccountIds, createdByAccountId: caller.userAccount.id });
  },
});

const runOf = (row: typeof propagationRuns.$inferSelect): PropagationRun => ({
  RunId: row.id,
  MarketplaceId: row.pricelistId,
  PreviewId: row.previewId,
  Status: row.status as PropagationStatus,
  Percentage: row.status === 'Completed' ? 100 : row.totalItems > 0 ? Math.min(100, Math.floor((row.doneItems * 100) / row.totalItems)) : 0,
  TotalItems: row.totalItems,
  DoneItems: row.doneItems,
  ChangedItems: row.changedItems,
  Error: row.error,
  CreatedAt: row.createdAt.toISOString(),
  FinishedAt: row.finishedAt?.toISOString() ?? null,
});

const propagate = defineOperation({
  service: 'IMarketplaceService',
  operation: 'Propagate',
  summary:
    'Applies a previewed propagation (previewId of PreviewPropagation) as a background job and answers its run (poll GetPropagationStatus). 409 when the source prices changed since the preview: preview again. Running the same propagation again changes nothing.',
  request: propagateRequestSchema,
  response: z.object({ Run: getPropagationStatusResponseSchema.shape.Run.unwrap() }),
  rule: marketplaceRule('Execute'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, marketplaceRule('Execute'));
    const preview = await loadPreview(ctx.db, pricelist.id, input.previewId);
    if (!preview) throw new ApiError(400, 'propagation_preview_unknown', { field: 'previewId' });
    // Idempotency-Key honoured: the same key and body answer the same run, nothing is started again.
    const answer = await withIdempotency(ctx, 'IMarketplaceService/Propagate', input, async (tx) => {
      await assertPreviewCurrent(tx, preview);
      const runId = await createRun(tx, pricelist.id, preview.id, ctx.caller.userAccount.id);
      await auditAccountChange(tx, ctx, 'PricelistChanged', owner, { MarketplaceId: pricelist.id, PropagationRunId: runId, PreviewId: preview.id });
      const [row] = await tx.select().from(propagationRuns).where(eq(propagationRuns.id, runId));
      return { Run: runOf(row!) };
    });
    // A lost send (the node stopping right here) is caught up by the sweeper (propagationJobs); a
    // finished run is not run again, so sending once more for a replayed answer is harmless.
    await ctx.request.server.jobs.send(PROPAGATION_JOB, { runId: answer.Run.RunId }, { singletonKey: `propagation-${answer.Run.RunId}` });
    return answer;
  },
});

const getPropagationStatus = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetPropagationStatus',
  readOnly: true,
  summary: "A propagation run's status (runId), or the latest run of a pricelist (marketplaceId; Run null when none): percentage, items done of total, changed items, the error of a failed run, when it finished.",
  request: getPropagationStatusRequestSchema,
  response: getPropagationStatusResponseSchema,
  rule: marketplaceRule('Read'),
  async handler(input, { db, caller }) {
    if (input.runId !== undefined) {
      const [row] = await db.select().from(propagationRuns).where(eq(propagationRuns.id, input.runId)).limit(1);
      if (!row || (input.marketplaceId !== undefined && row.pricelistId !== input.marketplaceId)) throw accessDenied();
      await requirePricelist(db, caller, row.pricelistId, marketplaceRule('Read'));
      return { Run: runOf(row) };
    }
    await requirePricelist(db, caller, input.marketplaceId!, marketplaceRule('Read'));
    const [row] = await db.select().from(propagationRuns).where(eq(propagationRuns.pricelistId, input.marketplaceId!)).orderBy(desc(propagationRuns.createdAt), desc(propagationRuns.id)).limit(1);
    return { Run: row ? runOf(row) : null };
  },
});

export const propagationOperations: OperationDefinition[] = [getPropagationFilters, savePropagationFilters, previewPropagationOperation, propagate, getPropagationStatus];
