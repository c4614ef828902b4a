import { sql, type SQL } from 'drizzle-orm';
import type { AccountType } from '@cmp/contracts/accounts';
import { ACCOUNT_SEARCH_LIMIT } from '@cmp/contracts/search';

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

/** The text taken literally inside a LIKE pattern: `%`, `_` and the escape character itself lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The global search (spec §2, §7): display names containing the text — `ILIKE '%…%'`, which the
 * trigram index accounts_display_name_trgm_idx serves — and users whose username is the text or
 * starts with it, both only inside the caller's scopes. Exact matches rank first, then prefixes,
 * then the rest by name. The two matches are a UNION rather than one OR so that each keeps its index.
 */
export function accountSearchQuery(text: string, scopes: SearchScope[]): SQL {
  const term = escapeLike(text);
  const inScope = sql.join(
    scopes.map(
      (scope) =>
        sql`(a.path like ${`${escapeLike(scope.path)}%`} and a.type in (${sql.join(
          scope.types.map((type) => sql`${type}`),
          sql`, `,
        )}))`,
    ),
    sql` or `,
  );
  return sql`
    with matches as (
      select a.id,
             case when lower(a.display_name) = lower(${text}) then 0
                  when a.display_name ilike ${`${term}%`} then 1
                  else 2 end as rank
        from accounts a
       where a.display_name ilike ${`%${term}%`} and (${inScope})
      union all
      select a.id, case when lower(u.username) = lower(${text}) then 0 else 1 end as rank
        from users u
        join accounts a on a.id = u.account_id
       where u.username ilike ${`${term}%`} and a.type = 'User' and (${inScope})
    )
    select a.id, a.type, a.display_name, a.state,
           a.product_name,
           coalesce(a.views #>> '{Product,Values,ProductDisplayName}', a.product_name) as product_display_name
      from (select id, min(rank) as rank from matches group by id) m
      join accounts a on a.id = m.id
     order by m.rank, lower(a.display_name), a.id
     limit ${ACCOUNT_SEARCH_LIMIT}`;
}
