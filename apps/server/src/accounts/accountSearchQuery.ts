import { sql, type SQL } from 'drizzle-orm';
import type { AccountType } from '@cmp/contracts/accounts';
import { ACCOUNT_SEARCH_LIMIT, INTEGRATION_SEARCH_LIMIT } from '@cmp/contracts/search';
import type { Queryable } from '../platform/db/database';
import { escapeLike } from '../platform/db/likePattern';

/** Where a caller may find accounts: a hierarchy (path prefix) and the account types it may read there. */
export interface SearchScope {
  path: string;
  types: AccountType[];
}

export interface AccountSearchRow {
  id: number;
  type: string;
  display_name: string;
  state: string;
  product_name: string | null;
  product_display_name: string | null;
}


/**
 * The global search (spec §2, §7), first part: accounts whose display name starts with the text and
 * users whose username does, inside the caller's scopes, exact matches first. Each side walks a
 * C-collated index on its lower-cased name in name order and stops at the limit, so a broad text
 * ("ann") costs no more than a narrow one (`npm run bench accounts`).
 */
export function accountSearchPrefixQuery(text: string, scopes: SearchScope[]): SQL {
  const prefix = `${escapeLike(text)}%`;
  const inScope = inScopesSql(scopes);
  return sql`
    with matches as (
      (select a.id, case when lower(a.display_name) = lower(${text}) then 0 else 1 end as rank
         from accounts a
        where (lower(a.display_name) collate "C") like lower(${prefix}) and (${inScope})
        order by lower(a.display_name) collate "C", a.id
        limit ${ACCOUNT_SEARCH_LIMIT})
      union all
      (select a.id, case when lower(u.username) = lower(${text}) then 0 else 1 end as rank
         from users u
         join accounts a on a.id = u.account_id
        where (lower(u.username) collate "C") like lower(${prefix}) and a.type = 'User' and (${inScope})
        order by lower(u.username) collate "C"
        limit ${ACCOUNT_SEARCH_LIMIT})
    )
    select ${RESULT_COLUMNS}
      from (select id, min(rank) as rank from matches group by id) m
      join accounts a on a.id = m.id
      left join products p on p.name = a.product_name
     order by m.rank, lower(a.display_name), a.id
     limit ${ACCOUNT_SEARCH_LIMIT}`;
}

/** How many "contains" candidates are sorted at most: a common surname matches tens of thousands. */
export const CONTAINS_CANDIDATES = 1_000;

/**
 * Second part, asked only when the prefixes found fewer than the limit: display names containing
 * the text anywhere (`ILIKE '%…%'`, served by the trigram index accounts_display_name_trgm_idx).
 * The index cannot give rows in name order, so at most CONTAINS_CANDIDATES matches are taken and
 * sorted: a very common text shows names from that sample, and typing on narrows it.
 */
export function accountSearchContainsQuery(text: string, scopes: SearchScope[], excludedIds: number[], limit: number): SQL {
  const excluded = excludedIds.length ? sql`and a.id not in (${sql.join(excludedIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return sql`
    select ${RESULT_COLUMNS}
      from (select * from accounts a
             where a.display_name ilike ${`%${escapeLike(text)}%`} and (${inScopesSql(scopes)}) ${excluded}
             limit ${CONTAINS_CANDIDATES}) a
      left join products p on p.name = a.product_name
     order by lower(a.display_name), a.id
     limit ${limit}`;
}

/**
 * The integration form of Search (issue 6 "Integration API"): accounts of one type below the
 * parent, inside the caller's scopes, whose name contains the text (any name when it is empty)
 * and — with a search field — that hold exactly that value under that field name in one of their views.
 */
export function integrationSearchQuery(
  parentPath: string,
  accountType: AccountType,
  displayName: string,
  searchField: { Name: string; Value: string | number | boolean } | null | undefined,
  scopes: SearchScope[],
  viewNames: string[],
): SQL {
  const conditions = [
    sql`a.path like ${`${escapeLike(parentPath)}%`}`,
    sql`a.path <> ${parentPath}`,
    sql`a.type = ${accountType}`,
    sql`(${inScopesSql(scopes)})`,
  ];
  // In name order, the index on lower(display_name) collate "C" finds the first matches of a common
  // text without sorting them all.
  if (displayName) conditions.push(sql`a.display_name ilike ${`%${escapeLike(displayName)}%`}`);
  if (searchField) {
    conditions.push(sql`(${fieldValueCandidates(searchField, viewNames)})`);
    conditions.push(sql`exists (select 1 from jsonb_each(a.views) v where v.value -> 'Values' ->> ${searchField.Name} = ${String(searchField.Value)})`);
  }
  return sql`
    select ${RESULT_COLUMNS}
      from accounts a
      left join products p on p.name = a.product_name
     where ${sql.join(conditions, sql` and `)}
     order by lower(a.display_name) collate "C", a.id
     limit ${INTEGRATION_SEARCH_LIMIT}`;
}

/** Every view an account may hold values under: the defined views and each product's own view. */
export async function searchableViewNames(db: Queryable): Promise<string[]> {
  const result = (await db.execute(sql`select name from view_definitions union select 'Product_' || name from products`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/**
 * Accounts that may hold the field's value, found through the GIN index on views (migration 0010)
 * instead of reading every account's views: one containment per view name and JSON type the value
 * may be stored as. The exact text comparison beside it keeps the answer what it was.
 */
function fieldValueCandidates(searchField: { Name: string; Value: string | number | boolean }, viewNames: string[]): SQL {
  const text = String(searchField.Value);
  const storedAs = new Set<string | number | boolean>([text]);
  if (typeof searchField.Value !== 'string') storedAs.add(searchField.Value);
  if (text.trim() !== '' && Number.isFinite(Number(text))) storedAs.add(Number(text));
  if (text === 'true' || text === 'false') storedAs.add(text === 'true');
  const candidates = viewNames.flatMap((view) =>
    [...storedAs].map((value) => sql`a.views @> ${JSON.stringify({ [view]: { Values: { [searchField.Name]: value } } })}::jsonb`),
  );
  return candidates.length ? sql.join(candidates, sql` or `) : sql`false`;
}

/** A search result row; a subscription's product shows by its catalog name (products), else as its view or its key names it. */
const RESULT_COLUMNS = sql`a.id, a.type, a.display_name, a.state, a.product_name,
       coalesce(p.display_name, a.views #>> '{Product,Values,ProductDisplayName}', a.product_name) as product_display_name`;

/** Inside one of the caller's scopes: below the scope's path and of a type the caller may read there. */
function inScopesSql(scopes: SearchScope[]): SQL {
  return sql.join(
    scopes.map(
      (scope) =>
        sql`(a.path like ${`${escapeLike(scope.path)}%`} and a.type in (${sql.join(
          scope.types.map((type) => sql`${type}`),
          sql`, `,
        )}))`,
    ),
    sql` or `,
  );
}
