import { and, eq, gte, sql } from 'drizzle-orm';
import type { QuoteStatus } from '@cmp/contracts/salesQuotes';
import type { Queryable } from '../platform/db/database';
import { salesQuotes } from '../platform/db/schema';
import { ApiError } from '../platform/errors';

/**
 * The quote's life (issue 17; DESIGN.md "State machines"): Draft → Sent (the reseller sends it),
 * Sent → Accepted or Rejected (the customer decides). Expired is not stored: a Draft or Sent quote
 * whose validity date lies before today (UTC) is Expired and can be neither sent nor accepted.
 * A step is a conditional UPDATE (… WHERE status = $from AND valid_until >= current_date), so of two
 * racing clicks exactly one changes the row; the other answers 409 naming the status it found.
 */
export const QUOTE_TRANSITIONS = {
  send: { from: 'Draft', to: 'Sent' },
  accept: { from: 'Sent', to: 'Accepted' },
  reject: { from: 'Sent', to: 'Rejected' },
} as const satisfies Record<string, { from: QuoteStatus; to: QuoteStatus }>;
export type QuoteTransition = keyof typeof QUOTE_TRANSITIONS;

export type QuoteRow = typeof salesQuotes.$inferSelect;

/** Today as the database sees it (UTC), the day a validity date is compared with. */
const TODAY = sql`(now() at time zone 'utc')::date`;

/** The status a caller sees: the stored one, or Expired for a Draft or Sent quote past its validity date. */
export const effectiveStatusSql = sql<QuoteStatus>`(case when ${salesQuotes.status} in ('Draft', 'Sent') and ${salesQuotes.validUntil} < ${TODAY} then 'Expired' else ${salesQuotes.status} end)`;

export function effectiveStatus(quote: Pick<QuoteRow, 'status' | 'validUntil'>, today = new Date().toISOString().slice(0, 10)): QuoteStatus {
  return (quote.status === 'Draft' || quote.status === 'Sent') && quote.validUntil < today ? 'Expired' : quote.status;
}

/** Whether a quote in this status may be deleted (issue 17: Draft, Rejected, Expired). */
export const isDeletable = (status: QuoteStatus) => status === 'Draft' || status === 'Rejected' || status === 'Expired';

/** Moves the quote one step; 409 when it is no longer where the step starts (or has expired). */
export async function moveQuote(tx: Queryable, quoteId: number, transition: QuoteTransition, set: Partial<QuoteRow> = {}): Promise<QuoteRow> {
  const { from, to } = QUOTE_TRANSITIONS[transition];
  const now = new Date();
  const [moved] = await tx
    .update(salesQuotes)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(salesQuotes.id, quoteId), eq(salesQuotes.status, from), gte(salesQuotes.validUntil, TODAY)))
    .returning();
  if (moved) return moved;
  const [current] = await tx.select().from(salesQuotes).where(eq(salesQuotes.id, quoteId)).limit(1);
  const status = current ? effectiveStatus(current) : 'gone';
  if (status === 'Expired') throw new ApiError(409, 'quote_expired', { quoteId: String(quoteId), validUntil: current!.validUntil });
  throw new ApiError(409, 'quote_status_conflict', { quoteId: String(quoteId), status });
}
