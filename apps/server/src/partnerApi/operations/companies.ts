import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { requireAccountFor } from '../../accounts/accountAccess';
import { accounts } from '../../platform/db/schema';
import { ApiError } from '../../platform/errors';
import { pathIds, type AccountRow, type CallerSession } from '../../platform/session';
import type { Queryable } from '../../platform/db/database';
import { definePartnerOperation, type PartnerGroup } from '../partnerOperation';
import { partnerCompanySchema, toPartnerCompany } from '../partnerCompany';

type OrganisationType = 'Company' | 'Reseller';
const accountId = z.number().int().positive();

/** An account of the type the operation is about, or 404 naming the id; outside the hierarchy 403 (requireAccountFor). */
async function requireOrganisation(db: Queryable, caller: CallerSession, id: number, type: OrganisationType): Promise<AccountRow> {
  const account = await requireAccountFor(db, caller, id, 'Read');
  // A reseller is a company too: GetCompany without an id answers a reseller user's own reseller.
  const isOfType = type === 'Company' ? account.type === 'Company' || account.type === 'Reseller' : account.type === 'Reseller';
  if (!isOfType) throw new ApiError(404, type === 'Company' ? 'partner_api_not_a_company' : 'partner_api_not_a_reseller', { accountId: String(id) });
  return account;
}

/** The caller's own company, or the nearest reseller above the caller (GetReseller without an id). */
async function ownOrganisation(db: Queryable, caller: CallerSession, type: OrganisationType): Promise<number> {
  if (type === 'Company' || caller.companyAccount.type === 'Reseller') return caller.companyAccount.id;
  const rows = await db
    .select({ id: accounts.id, path: accounts.path })
    .from(accounts)
    .where(and(inArray(accounts.id, pathIds(caller.companyAccount.path)), eq(accounts.type, 'Reseller')));
  const nearest = rows.sort((a, b) => b.path.length - a.path.length)[0];
  if (!nearest) throw new ApiError(404, 'partner_api_not_a_reseller', { accountId: String(caller.companyAccount.id) });
  return nearest.id;
}

function getOne(name: string, group: PartnerGroup, type: OrganisationType) {
  return definePartnerOperation({
    name,
    group,
    summary: `The ${type.toLowerCase()} of accountId (default: the caller's own), as a one-item array as the definition has it.`,
    request: z.object({ accountId: accountId.optional() }).strict(),
    answer: z.array(partnerCompanySchema),
    readOnly: true,
    async handler(input, { db, caller }) {
      const account = await requireOrganisation(db, caller, input.accountId ?? (await ownOrganisation(db, caller, type)), type);
      return [toPartnerCompany(account)];
    },
  });
}

function listChildren(name: string, group: PartnerGroup, type: OrganisationType) {
  return definePartnerOperation({
    name,
    group,
    summary: `The ${type.toLowerCase()} accounts directly under parentAccountId (one level), active and terminated, by id.`,
    request: z.object({ parentAccountId: accountId }).strict(),
    answer: z.array(partnerCompanySchema),
    readOnly: true,
    async handler({ parentAccountId }, { db, caller }) {
      const parent = await requireAccountFor(db, caller, parentAccountId, 'Read');
      const children = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.parentId, parent.id), eq(accounts.type, type)))
        .orderBy(asc(accounts.id));
      return children.map((child) => toPartnerCompany(child));
    },
  });
}

export const companyOperations = [
  getOne('GetCompany', 'Company', 'Company'),
  listChildren('GetCompanies', 'Company', 'Company'),
  getOne('GetReseller', 'Reseller', 'Reseller'),
  listChildren('GetResellers', 'Reseller', 'Reseller'),
];
