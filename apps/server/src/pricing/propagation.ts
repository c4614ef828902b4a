import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PropagationPreview } from '@cmp/contracts/propagation';
import type { Queryable } from '../platform/db/database';
import { arrayLiteral } from '../platform/db/insertMany';
import { outboxEvents, pricelists, pricePreviews, propagationRuns } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { translateMessage } from '../platform/i18n/messages';
import { recordBusinessEvent } from '../realtime/businessEvents';
import { money } from './money';
import { costsIn } from './propagationSource';
import { assertPreviewCurrent, loadPreview, previewPropagation } from './propagationPreview';

// Propagation (issue 13): a pricelist's sales prices become the purchase prices (pricelist_item_costs)
// of the pricelists its customer resellers own, for the services passing its filters. The sales
// prices come from the one price function (effectivePrice); this file only moves them down,
// converted into each target's currency. The job writes set-based, a batch of target pricelists per
// statement and transaction, and is idempotent: a cost that is already right is not written again.

export const PROPAGATION_JOB = 'pricing-propagation';
export const PROPAGATION_EVENT = 'DP_UpdateComplete';
/** Rows (target pricelist × item) written per statement and transaction. */
const ROWS_PER_BATCH = 5_000;

/** A run waiting for the job (the caller's transaction writes it with its audit entry). */
export async function createRun(db: Queryable, pricelistId: number, previewId: string, startedByAccountId: number): Promise<number> {
  const [row] = await db.insert(propagationRuns).values({ pricelistId, previewId, startedByAccountId }).returning({ id: propagationRuns.id });
  return row!.id;
}

// Array parameters as literals (platform/db/insertMany.ts); ids truncated and amounts checked as decimals first.
const intArray = (ids: readonly number[]) => arrayLiteral(ids.map((id) => Math.trunc(id)));
const decimalArray = (values: readonly string[]) => arrayLiteral(values.map((value) => money(value).toFixed()));

/**
 * Runs a propagation (the job's work, also called directly by the benchmark): for every target
 * pricelist of the preview, adds the services passing the filters that it lacks and upserts the
 * costs, a batch of targets per statement and transaction, counting progress. Only costs that
 * differ are written, so running the same propagation again changes nothing. The last transaction
 * marks the run Completed and writes the DP_UpdateComplete event into the outbox. A failure marks
 * the run Failed with its message. Returns without work for a run already finished (a redelivery).
 */
export async function runPropagation(db: Queryable, runId: number): Promise<void> {
  // Claims the run: a redelivered job or the sweeper finds it no longer pending and leaves it.
  const [run] = await db
    .update(propagationRuns)
    .set({ status: 'Running' })
    .where(and(eq(propagationRuns.id, runId), eq(propagationRuns.status, 'Pending')))
    .returning();
  if (!run) return;
  try {
    const preview = run.previewId ? await loadPreview(db, run.pricelistId, run.previewId) : undefined;
    if (!preview) throw new ApiError(400, 'propagation_preview_unknown', { field: 'previewId' });
    const source = await assertPreviewCurrent(db, preview);
    const targets = preview.targetPricelistIds.length
      ? await db.select({ id: pricelists.id, currency: pricelists.currency }).from(pricelists).where(inArray(pricelists.id, preview.targetPricelistIds)).orderBy(asc(pricelists.id))
      : [];
    const costs = new Map<string, Map<number, string>>();
    for (const currency of new Set(targets.map((target) => target.currency))) costs.set(currency, await costsIn(db, source, currency));
    const itemIds = source.items.map((item) => item.itemId);
    const total = targets.length * itemIds.length;
    await db.update(propagationRuns).set({ totalItems: total }).where(eq(propagationRuns.id, runId));
    const [pricelist] = await db.select({ ownerAccountId: pricelists.ownerAccountId, name: pricelists.name }).from(pricelists).where(eq(pricelists.id, run.pricelistId));
    const pricelistName = pricelist?.name ?? String(run.pricelistId);

    // Batches of targets of one currency, about ROWS_PER_BATCH rows each.
    const perBatch = Math.max(1, Math.floor(ROWS_PER_BATCH / Math.max(1, itemIds.length)));
    const batches: { currency: string; ids: number[] }[] = [];
    for (const currency of costs.keys()) {
      const ids = targets.filter((target) => target.currency === currency).map((target) => target.id);
      for (let start = 0; start < ids.length; start += perBatch) batches.push({ currency, ids: ids.slice(start, start + perBatch) });
    }
    const services = arrayLiteral(source.serviceNames);
    let done = 0;
    let changed = 0;
    const finish = async (tx: Queryable) => {
      const finishedAt = new Date();
      await tx.update(propagationRuns).set({ status: 'Completed', doneItems: done, changedItems: changed, finishedAt }).where(eq(propagationRuns.id, runId));
      await tx.update(pricePreviews).set({ appliedAt: finishedAt }).where(eq(pricePreviews.id, preview.id));
      await tx.insert(outboxEvents).values({
        event: PROPAGATION_EVENT,
        accountId: pricelist?.ownerAccountId ?? null,
        payload: { Event: PROPAGATION_EVENT, MarketplaceId: run.pricelistId, TimeStamp: finishedAt.toISOString() },
      });
      await recordBusinessEvent(tx, {
        event: 'PropagationFinished',
        values: { pricelist: pricelistName, changed: String(changed) },
        link: '/propagation',
        userAccountIds: [run.startedByAccountId],
      });
    };
    if (batches.length === 0) await db.transaction(finish);
    for (const [index, batch] of batches.entries()) {
      const currencyCosts = costs.get(batch.currency)!;
      await db.transaction(async (tx) => {
        const targetIds = intArray(batch.ids);
        if (source.serviceNames.length) {
          await tx.execute(sql`
            insert into pricelist_services (pricelist_id, product_name)
            select t.id, s.name from unnest(${targetIds}::int[]) as t(id) cross join unnest(${services}::text[]) as s(name)
            on conflict do nothing`);
        }
        if (itemIds.length) {
          const result = (await tx.execute(sql`
            insert into pricelist_item_costs (pricelist_id, priceable_item_id, purchase_price, source_pricelist_id, propagated_at)
            select t.id, c.item_id, c.cost, ${run.pricelistId}::int, now()
            from unnest(${targetIds}::int[]) as t(id)
            cross join unnest(${intArray(itemIds)}::int[], ${decimalArray(itemIds.map((id) => currencyCosts.get(id)!))}::numeric[]) as c(item_id, cost)
            on conflict (pricelist_id, priceable_item_id) do update
              set purchase_price = excluded.purchase_price, source_pricelist_id = excluded.source_pricelist_id, propagated_at = excluded.propagated_at
              where pricelist_item_costs.purchase_price is distinct from excluded.purchase_price
                 or pricelist_item_costs.source_pricelist_id is distinct from excluded.source_pricelist_id
            returning 1 as changed`)) as unknown as { rows: unknown[] };
          changed += result.rows.length;
        }
        done += batch.ids.length * itemIds.length;
        if (index === batches.length - 1) await finish(tx);
        else await tx.update(propagationRuns).set({ doneItems: done, changedItems: changed }).where(eq(propagationRuns.id, runId));
      });
    }
  } catch (error) {
    const message = error instanceof ApiError ? translateMessage('en', error.key, error.params) : error instanceof Error ? error.message : String(error);
    await db.update(propagationRuns).set({ status: 'Failed', error: message, finishedAt: new Date() }).where(eq(propagationRuns.id, runId));
    if (!(error instanceof ApiError)) throw error;
  }
}

/** Runs that never started (the job was lost between commit and enqueue), for the sweeper. */
export async function pendingRunIds(db: Queryable, olderThanSeconds = 60): Promise<number[]> {
  const rows = await db
    .select({ id: propagationRuns.id })
    .from(propagationRuns)
    .where(and(eq(propagationRuns.status, 'Pending'), sql`${propagationRuns.createdAt} < now() - make_interval(secs => ${olderThanSeconds})`))
    .orderBy(asc(propagationRuns.id))
    .limit(100);
  return rows.map((row) => row.id);
}

/**
 * The benchmark's entry (npm run bench pricing): previews a propagation of the pricelist and applies
 * it at once, without HTTP or the job queue. Returns the preview and the finished run's counts.
 */
export async function previewAndApplyPropagation(
  db: Queryable,
  options: { sourcePricelistId: number; customerAccountIds?: readonly number[]; startedByAccountId: number },
): Promise<{ preview: PropagationPreview; runId: number; totalItems: number; changedItems: number; status: string }> {
  const preview = await previewPropagation(db, { sourcePricelistId: options.sourcePricelistId, customerAccountIds: options.customerAccountIds, createdByAccountId: options.startedByAccountId });
  const runId = await createRun(db, options.sourcePricelistId, preview.PreviewId, options.startedByAccountId);
  await runPropagation(db, runId);
  const [run] = await db.select().from(propagationRuns).where(eq(propagationRuns.id, runId));
  return { preview, runId, totalItems: run!.totalItems, changedItems: run!.changedItems, status: run!.status };
}
