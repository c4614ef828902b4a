import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { requireAccountFor } from '../../accounts/accountAccess';
import { accounts } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { findCompanyAccount, type AccountRow, type CallerSession } from '../../platform/session';
import { definePartnerOperation } from '../partnerOperation';
import { partnerDateTime, toPartnerCompany } from '../partnerCompany';

/** The definition's `Departments`: a department with the address it takes from its company. */
export const partnerDepartmentSchema = z.object({
  AccountId: z.number().int(),
  AccountState: z.string(),
  DepartmentName: z.string(),
  VATID: z.string(),
  CompanyDomain: z.array(z.string()),
  BillingStartDate: z.string(),
  ContractId: z.string(),
  Address: z.string(),
  City: z.string(),
  Country: z.string(),
  Zip: z.string(),
  Email: z.string(),
  VAT: z.string(),
  Language: z.string(),
  Phone: z.string(),
  PurchaseOrderNumber: z.string(),
  State: z.string(),
});

const accountId = z.number().int().positive();

async function requireDepartment(db: Queryable, caller: CallerSession, id: number): Promise<AccountRow> {
  const account = await requireAccountFor(db, caller, id, 'Read');
  if (account.type !== 'Department') throw new ApiError(404, 'partner_api_not_a_department', { accountId: String(id) });
  return account;
}

/**
 * A department as the definition writes it. The portal keeps a department's name and cost centre;
 * its address, VAT id and e-mail are its company's (the definition: "taken from the parent").
 */
async function toPartnerDepartment(db: Queryable, department: AccountRow) {
  const company = (await findCompanyAccount(db, department)) ?? department;
  const from = toPartnerCompany(company);
  const values = company.views[company.type]?.Values ?? {};
  return {
    AccountId: department.id,
    AccountState: department.state,
    DepartmentName: department.displayName,
    VATID: from.VATID,
    CompanyDomain: from.Domain,
    BillingStartDate: partnerDateTime(department.createdAt),
    ContractId: '',
    Address: from.Address,
    City: from.City,
    Country: from.Country,
    Zip: from.Zip,
    Email: from.Email,
    VAT: from.VATID,
    Language: '',
    Phone: typeof values.Phone === 'string' ? values.Phone : '',
    PurchaseOrderNumber: '',
    State: '',
  };
}

// Fields the definition lets a department carry that the portal takes from its company: accepted,
// so existing scripts keep working, and not stored (the answer shows the company's).
const inheritedFields = {
  VATID: z.string().optional(),
  ContractId: z.string().optional(),
  Address: z.string().optional(),
  City: z.string().optional(),
  State: z.string().optional(),
  Country: z.string().optional(),
  Zip: z.string().optional(),
  Email: z.string().optional(),
  Language: z.string().optional(),
  PurchaseOrderNumber: z.string().optional(),
  Phone: z.string().optional(),
};

const createDepartment = definePartnerOperation({
  name: 'CreateDepartment',
  group: 'Departments',
  summary: "Creates a department under a company through the portal's CreateAccount; address fields are the company's.",
  request: z.object({ departmentAccount: z.object({ ParentAccountId: accountId, DepartmentName: z.string(), ...inheritedFields }).strict() }).strict(),
  answer: partnerDepartmentSchema,
  async handler({ departmentAccount }, ctx) {
    const created = (await ctx.portal('IAccountService/CreateAccount', {
      account: { Views: { Account: { Values: { AccountType: 'Department', ParentAccountId: departmentAccount.ParentAccountId } }, Department: { Values: { DisplayName: departmentAccount.DepartmentName } } } },
    })) as { AccountId: number };
    return toPartnerDepartment(ctx.db, await requireDepartment(ctx.db, ctx.caller, created.AccountId));
  },
});

const updateDepartment = definePartnerOperation({
  name: 'UpdateDepartment',
  group: 'Departments',
  summary: "Renames a department through the portal's UpdateAccount.",
  request: z.object({ department: z.object({ AccountId: accountId, DepartmentName: z.string().optional(), ...inheritedFields }).strict() }).strict(),
  answer: z.undefined(),
  async handler({ department }, ctx) {
    await requireDepartment(ctx.db, ctx.caller, department.AccountId);
    if (department.DepartmentName !== undefined) {
      await ctx.portal('IAccountService/UpdateAccount', { accountId: department.AccountId, viewValues: { Department: { Values: { DisplayName: department.DepartmentName } } } });
    }
    return undefined;
  },
});

const getDepartment = definePartnerOperation({
  name: 'GetDepartment',
  group: 'Departments',
  summary: 'A department by accountId.',
  request: z.object({ accountId }).strict(),
  answer: partnerDepartmentSchema,
  readOnly: true,
  async handler({ accountId: id }, { db, caller }) {
    return toPartnerDepartment(db, await requireDepartment(db, caller, id));
  },
});

const getDepartments = definePartnerOperation({
  name: 'GetDepartments',
  group: 'Departments',
  summary: 'The departments directly under parentAccountId (one level), by id.',
  request: z.object({ parentAccountId: accountId }).strict(),
  answer: z.array(partnerDepartmentSchema),
  readOnly: true,
  async handler({ parentAccountId }, { db, caller }) {
    const parent = await requireAccountFor(db, caller, parentAccountId, 'Read');
    const rows = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.parentId, parent.id), eq(accounts.type, 'Department')))
      .orderBy(asc(accounts.id));
    return Promise.all(rows.map((row) => toPartnerDepartment(db, row)));
  },
});

export const departmentOperations = [createDepartment, updateDepartment, getDepartment, getDepartments];
