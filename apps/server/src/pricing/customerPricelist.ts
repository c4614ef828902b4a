import { eq, sql } from 'drizzle-orm';
import { statementOnce } from '../platform/db/statementOnce';
import type { Queryable } from '../platform/db/database';
import { accounts, pricelistCustomers, pricelists } from '../platform/db/schema';

/**
 * The pricelist whose prices a customer sees and is billed (issue 13): the one its nearest account
 * assigned to a pricelist belongs to — the company itself, or for a department or a user the
 * company above — and of several, the one with the highest priority (1 first). Takes the account's
 * id, or the account itself (its path is all that is read).
 */
export async function customerPricelistId(db: Queryable, accountOrId: number | { path: string }): Promise<number | undefined> {
  // An account row in hand spares reading its path again (placing an order has the company's).
  const [account] = typeof accountOrId === 'number' ? await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, accountOrId)).limit(1) : [accountOrId];
  if (!account) return undefined;
  return (await customerPricelistIds(db, [account])).get(account.path);
}

/** The pricelists assigned to these accounts (built once, statementOnce.ts: placing an order reads them). */
const customerPricelistRows = statementOnce((q) =>
  q
    .select({ pricelistId: pricelists.id, priority: pricelists.priority, customerAccountId: pricelistCustomers.customerAccountId })
    .from(pricelistCustomers)
    .innerJoin(pricelists, eq(pricelists.id, pricelistCustomers.pricelistId))
    .where(sql`${pricelistCustomers.customerAccountId} = any(${sql.placeholder('accountIds')}::int[])`),
);

/** customerPricelistId of several accounts in one statement (a billing batch's payers), by path. */
export async function customerPricelistIds(db: Queryable, accounts: readonly { path: string }[]): Promise<Map<string, number | undefined>> {
  // A path lists the account and everything above it, top first: `/1/57/1203/`.
  const lineages = new Map(accounts.map((account) => [account.path, account.path.split('/').filter(Boolean).map(Number)]));
  const everyone = [...new Set([...lineages.values()].flat())];
  const rows = everyone.length ? await customerPricelistRows(db, { accountIds: everyone }) : [];
  const chosen = new Map<string, number | undefined>();
  for (const [path, lineage] of lineages) {
    const nearness = (row: (typeof rows)[number]) => lineage.indexOf(row.customerAccountId);
    const own = rows.filter((row) => nearness(row) >= 0).sort((a, b) => nearness(b) - nearness(a) || a.priority - b.priority || a.pricelistId - b.pricelistId);
    chosen.set(path, own[0]?.pricelistId);
  }
  return chosen;
}
