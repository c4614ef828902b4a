import { eq } from 'drizzle-orm';
import { isAllowed, requirement, type CapabilityRequirement, type SecurityRule } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import { accounts, salesQuotes } from '../platform/db/schema';
import { callerScopePath, isInScope, isReadableBy } from '../platform/access';
import { accessDenied } from '../platform/errors';
import type { AccountRow, CallerSession } from '../platform/session';
import type { QuoteRow } from './quoteStatus';

// Who may do what with a quote (issue 17; spec §2 Quotes group): My quotes need Quotation Tool Read,
// Customer quotes Quotation Tool Read with HIERARCHY, the deprecated sales tool Sales Quote Read.
// The reseller's side prepares, sends and deletes (Create, Delete); the customer's side — the users
// of the company the quote is for — sees it once sent and accepts or rejects it (Execute). Every
// quote's customer must lie in the caller's hierarchy; a foreign and a missing quote answer alike.

export const QUOTE_READ: SecurityRule = { any: [requirement('QUOTATION_TOOL', ['Read']), requirement('SALESQUOTE', ['Read'])] };
export const QUOTE_CREATE: SecurityRule = { any: [requirement('QUOTATION_TOOL', ['Read', 'Create']), requirement('SALESQUOTE', ['Read', 'Create'])] };
export const QUOTE_DELETE: SecurityRule = { any: [requirement('QUOTATION_TOOL', ['Read', 'Delete']), requirement('SALESQUOTE', ['Read', 'Delete'])] };
export const QUOTE_DECIDE: SecurityRule = { any: [requirement('QUOTATION_TOOL', ['Read', 'Execute']), requirement('SALESQUOTE', ['Read', 'Execute'])] };
/** Customer quotes: every quote of the reseller's customers. */
export const CUSTOMER_QUOTES: CapabilityRequirement = requirement('QUOTATION_TOOL', ['Read'], 'HIERARCHY');

/** The path the caller's quotes lie under: the reseller's with Customer quotes, else the caller's company's. */
export const quoteScopePath = (db: Queryable, caller: CallerSession) => callerScopePath(db, caller, CUSTOMER_QUOTES);

export type QuoteSide = 'seller' | 'customer';

export interface QuoteInHand {
  quote: QuoteRow;
  customer: AccountRow;
  side: QuoteSide;
}

/** The side the caller is on: the customer company's own users, or the reseller's side above it. */
export const sideOf = (caller: CallerSession, customer: AccountRow): QuoteSide => (caller.companyAccount.id === customer.id ? 'customer' : 'seller');

/**
 * Loads a quote the caller may see: its customer lies in the caller's hierarchy and is readable by
 * the caller, and — for the customer's side — it has been sent (a draft is the reseller's own).
 */
export async function requireQuote(db: Queryable, caller: CallerSession, quoteId: number, options: { forUpdate?: boolean } = {}): Promise<QuoteInHand> {
  const query = db.select({ quote: salesQuotes, customer: accounts }).from(salesQuotes).innerJoin(accounts, eq(accounts.id, salesQuotes.customerAccountId)).where(eq(salesQuotes.id, quoteId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: salesQuotes }) : await query;
  if (!row || !isInScope(row.customer, await quoteScopePath(db, caller)) || !isReadableBy(caller, row.customer)) throw accessDenied();
  const side = sideOf(caller, row.customer);
  if (side === 'customer' && row.quote.sentAt === null) throw accessDenied();
  return { ...row, side };
}

/** What the caller may do with a quote now (the portal shows only these buttons). */
export function quotePermissions(caller: CallerSession, side: QuoteSide, status: string) {
  const can = (rule: SecurityRule) => isAllowed(caller.capabilities, rule);
  return {
    CanEdit: side === 'seller' && status === 'Draft' && can(QUOTE_CREATE),
    CanSend: side === 'seller' && status === 'Draft' && can(QUOTE_CREATE),
    CanDecide: side === 'customer' && status === 'Sent' && can(QUOTE_DECIDE),
    CanDelete: side === 'seller' && (status === 'Draft' || status === 'Rejected' || status === 'Expired') && can(QUOTE_DELETE),
  };
}
