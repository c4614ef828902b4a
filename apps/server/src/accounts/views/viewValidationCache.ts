import { sql } from 'drizzle-orm';
import type { FieldDefinition } from '@cmp/contracts/accountViews';
import type { Queryable } from '../../platform/db/database';
import type { StoredEnumMember } from './enumSeed';
import { loadEnumMembers, loadViewDefinitions } from './viewMetadata';

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * A view field's value as an SQL expression with the names as literals, not parameters, so it matches
 * the unique fields' expression indexes (schema/accounts.ts). Names come from the view definitions.
 */
export function viewFieldExpression(view: string, field: string) {
  if (!IDENTIFIER.test(view) || !IDENTIFIER.test(field)) throw new Error(`not a view field: ${view}.${field}`);
  return sql.raw(`lower(views -> '${view}' -> 'Values' ->> '${field}')`);
}

/**
 * What many validations in a row (an account import) would each read again: the view definitions
 * and enum members, read once, and the unique values of the group at hand, looked up in one query
 * per field (prefetchTaken) instead of two per row.
 */
export class ViewValidationCache {
  private readonly definitionsByViews = new Map<string, Promise<Map<string, FieldDefinition[]>>>();
  private readonly enums = new Map<string, Promise<StoredEnumMember[] | undefined>>();
  /** 'View.Field' → lowercased value → whether another account holds it. */
  private unique = new Map<string, Map<string, boolean>>();

  definitions(db: Queryable, names: string[]): Promise<Map<string, FieldDefinition[]>> {
    const key = names.join('\n');
    const known = this.definitionsByViews.get(key) ?? loadViewDefinitions(db, names);
    this.definitionsByViews.set(key, known);
    return known;
  }

  enumMembers(db: Queryable, name: string): Promise<StoredEnumMember[] | undefined> {
    const known = this.enums.get(name) ?? loadEnumMembers(db, name);
    this.enums.set(name, known);
    return known;
  }

  /** Forgets what prefetchTaken found: the next group asks again (the last one may have taken values). */
  forgetUniqueValues(): void {
    this.unique = new Map();
  }

  /** Whether a value is taken, when prefetchTaken asked about it; undefined otherwise. */
  knownTaken(view: string, field: string, value: string): boolean | undefined {
    return this.unique.get(`${view}.${field}`)?.get(value.toLowerCase());
  }

  /** Looks up which of `values` other accounts hold (usernames also among the users), in one query or two. */
  async prefetchTaken(db: Queryable, view: string, field: string, values: string[]): Promise<void> {
    const wanted = [...new Set(values.filter(Boolean).map((value) => value.toLowerCase()))];
    if (wanted.length === 0) return;
    const expression = viewFieldExpression(view, field);
    const found = new Set(rowsOf(await db.execute(sql`select ${expression} as value from accounts where ${expression} = any(${sqlArray(wanted)})`)));
    if (view === 'User' && field === 'Username') {
      for (const value of rowsOf(await db.execute(sql`select lower(username) as value from users where lower(username) = any(${sqlArray(wanted)})`))) found.add(value);
    }
    const known = this.unique.get(`${view}.${field}`) ?? new Map<string, boolean>();
    for (const value of wanted) known.set(value, found.has(value));
    this.unique.set(`${view}.${field}`, known);
  }
}

const sqlArray = (values: string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;
const rowsOf = (result: unknown) => (result as { rows: { value: string }[] }).rows.map((row) => row.value);
