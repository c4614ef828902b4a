import { and, eq, ne, sql } from 'drizzle-orm';
import { ALLOWED_PARENT_TYPES, type AccountType, type Views } from '@cmp/contracts/accounts';
import { isAllowed } from '@cmp/contracts/capabilities';
import { IMPORT_ROW_TYPES, type ImportColumn, type ImportRowError, type ImportRowType } from '@cmp/contracts/imports';
import type { Locale } from '@cmp/contracts/locales';
import { accountRequirement } from '../accounts/accountAccess';
import { displayNameFromViews } from '../accounts/views/accountOperations';
import { validateViewValues } from '../accounts/views/viewValidation';
import type { ViewValidationCache } from '../accounts/views/viewValidationCache';
import type { Queryable } from '../platform/db/database';
import { accounts } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { catalogueText } from '../platform/excel';
import { translateMessage } from '../platform/i18n/messages';
import type { AccountRow, CallerSession } from '../platform/session';
import type { ImportGroup } from './importGroups';
import type { ImportRow } from './importFile';

// Checks one row group against the rules CreateAccount applies — Create on the account type, a
// parent the hierarchy rules allow and that is not terminated, every view field's type, length,
// pattern, list and uniqueness (validateViewValues) — and answers what to create, or the rows'
// errors. The check (ValidateImport) and the job (inside the group's transaction) both use it.

/** Where a new account goes: the import's parent, an account that exists, or one made earlier in the group. */
export type PlannedParent = { kind: 'existing'; account: AccountRow } | { kind: 'planned'; index: number };

export interface PlannedAccount {
  row: number;
  type: ImportRowType;
  parent: PlannedParent;
  views: Views;
  displayName: string;
}

export interface GroupPlan {
  accounts: PlannedAccount[];
  errors: ImportRowError[];
}

/** What the check remembers across groups: values the file must not repeat. */
export interface FileState {
  usernames: Set<string>;
  identificators: Set<string>;
}
export const newFileState = (): FileState => ({ usernames: new Set(), identificators: new Set() });

export interface PlanContext {
  db: Queryable;
  caller: CallerSession;
  /** The account the import lands under. */
  parent: AccountRow;
  locale: Locale;
  file: FileState;
  /** Read once per check or run: view definitions and enums; the group's unique values are asked in one go. */
  cache: ViewValidationCache;
}

const FIELD_COLUMN: Record<string, ImportColumn> = { 'Company.DisplayName': 'Company', 'Department.DisplayName': 'Department' };
const columnOfField = (field: string | undefined): string => (field ? (FIELD_COLUMN[field] ?? field.split('.').pop() ?? field) : '');

/** The view values a row gives its account type (empty cells left out, so a field's default applies). */
function viewsOfRow(type: ImportRowType, cells: ImportRow['cells']): Views {
  const pick = (names: ImportColumn[], renames: Partial<Record<ImportColumn, string>> = {}) => {
    const values: Record<string, unknown> = {};
    for (const name of names) if (cells[name]) values[renames[name] ?? name] = cells[name];
    return values;
  };
  if (type === 'Company') return { Company: { Values: pick(['Company', 'AccountIdentificator', 'Country', 'Currency', 'VatNumber', 'Email', 'Phone'], { Company: 'DisplayName' }) } };
  if (type === 'Department') return { Department: { Values: pick(['Department', 'CostCenter'], { Department: 'DisplayName' }) } };
  return { User: { Values: pick(['Firstname', 'Lastname', 'Email', 'Username', 'Phone', 'Language']) } };
}

async function findChild(db: Queryable, parentId: number, type: AccountType, name: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.parentId, parentId), eq(accounts.type, type), ne(accounts.state, 'Terminated'), sql`lower(${accounts.displayName}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function planGroup(ctx: PlanContext, group: ImportGroup & { isSplit?: boolean }): Promise<GroupPlan> {
  const { db, caller, locale } = ctx;
  const text = (key: string, params: Record<string, string> = {}) => catalogueText(locale, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
  const plan: GroupPlan = { accounts: [], errors: [] };
  const fail = (row: number, column: string, message: string) => plan.errors.push({ Row: row, Column: column, Message: message });
  if (group.isSplit) {
    for (const row of group.rows) fail(row.row, 'Company', text('import_group_split', { name: row.cells.Company ?? row.cells.Department ?? '' }));
    return plan;
  }
  // Every username and company identifier of the group looked up at once, not one query per row.
  ctx.cache.forgetUniqueValues();
  const cellsOf = (type: string, column: ImportColumn) => group.rows.filter((row) => row.cells.Type?.toLowerCase() === type).map((row) => (row.cells[column] ?? '').trim());
  await ctx.cache.prefetchTaken(db, 'User', 'Username', cellsOf('user', 'Username'));
  await ctx.cache.prefetchTaken(db, 'Company', 'AccountIdentificator', cellsOf('company', 'AccountIdentificator'));
  // The group's organisation: its Company row (first), a company that exists under the import's parent, or that parent.
  let top: PlannedParent = { kind: 'existing', account: ctx.parent };
  const companyName = group.rows[0]?.cells.Company;
  const firstIsCompany = group.rows[0]?.cells.Type?.toLowerCase() === 'company';
  if (companyName && !firstIsCompany) {
    const existing = await findChild(db, ctx.parent.id, 'Company', companyName);
    if (!existing) {
      for (const row of group.rows) fail(row.row, 'Company', text('import_company_unknown', { name: companyName, parent: ctx.parent.displayName }));
      return plan;
    }
    top = { kind: 'existing', account: existing };
  }
  const departments = new Map<string, PlannedParent>();
  const typeOf = (parent: PlannedParent): string => (parent.kind === 'existing' ? parent.account.type : plan.accounts[parent.index]!.type);

  for (const [index, row] of group.rows.entries()) {
    const type = IMPORT_ROW_TYPES.find((candidate) => candidate.toLowerCase() === row.cells.Type?.toLowerCase());
    if (!type) {
      fail(row.row, 'Type', text('import_type_invalid', { value: row.cells.Type ?? '' }));
      continue;
    }
    if (!isAllowed(caller.capabilities, accountRequirement(type, 'Create'))) {
      fail(row.row, 'Type', text('import_type_not_allowed', { type }));
      continue;
    }
    let parent: PlannedParent = top;
    if (type === 'Company') {
      if (index > 0 || !companyName) {
        fail(row.row, 'Type', text(companyName ? 'import_company_row_not_first' : 'import_company_name_required', { name: companyName ?? '' }));
        continue;
      }
      parent = { kind: 'existing', account: ctx.parent };
    } else if (type === 'User' && row.cells.Department) {
      const key = row.cells.Department.toLowerCase();
      let department = departments.get(key);
      if (!department && top.kind === 'existing') {
        const existing = await findChild(db, top.account.id, 'Department', row.cells.Department);
        if (existing) departments.set(key, (department = { kind: 'existing', account: existing }));
      }
      if (!department) {
        fail(row.row, 'Department', text('import_department_unknown', { name: row.cells.Department }));
        continue;
      }
      parent = department;
    }
    if (type === 'Department' && !row.cells.Department) {
      fail(row.row, 'Department', translateMessage(locale, 'field_required', { field: 'Department' }));
      continue;
    }
    if (type === 'Department' && departments.has(row.cells.Department!.toLowerCase())) {
      fail(row.row, 'Department', text('import_department_duplicate', { name: row.cells.Department! }));
      continue;
    }
    const parentType = typeOf(parent);
    if (!(ALLOWED_PARENT_TYPES[type] as string[]).includes(parentType)) {
      fail(row.row, 'Type', translateMessage(locale, 'invalid_parent', { parent: parent.kind === 'existing' ? parent.account.displayName : (companyName ?? ''), type }));
      continue;
    }
    if (parent.kind === 'existing' && parent.account.state === 'Terminated') {
      fail(row.row, 'Type', translateMessage(locale, 'account_terminated', { name: parent.account.displayName }));
      continue;
    }
    const sent = viewsOfRow(type, row.cells);
    try {
      const { values } = await validateViewValues({ db, caller, accountType: type, productName: null, mode: 'create', cache: ctx.cache }, sent);
      const username = type === 'User' ? String(values.User?.Values.Username ?? '').toLowerCase() : '';
      if (username && ctx.file.usernames.has(username)) throw new ApiError(400, 'field_not_unique', { field: 'User.Username', value: String(values.User?.Values.Username) });
      const identificator = type === 'Company' ? String(values.Company?.Values.AccountIdentificator ?? '').toLowerCase() : '';
      if (identificator && ctx.file.identificators.has(identificator)) throw new ApiError(400, 'field_not_unique', { field: 'Company.AccountIdentificator', value: identificator });
      if (username) ctx.file.usernames.add(username);
      if (identificator) ctx.file.identificators.add(identificator);
      plan.accounts.push({ row: row.row, type, parent, views: values, displayName: displayNameFromViews(type, values, type) });
      if (type === 'Department') departments.set(row.cells.Department!.toLowerCase(), { kind: 'planned', index: plan.accounts.length - 1 });
      if (type === 'Company') top = { kind: 'planned', index: plan.accounts.length - 1 };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      fail(row.row, columnOfField(error.params.field), translateMessage(locale, error.key, { ...error.params, field: columnOfField(error.params.field) }));
    }
  }
  return plan;
}
