import { z } from 'zod';
import { requireAccountFor } from '../../accounts/accountAccess';
import { ApiError } from '../../platform/errors';
import { definePartnerOperation, type PartnerContext } from '../partnerOperation';
import { partnerCompanySchema, toPartnerCompany } from '../partnerCompany';

const accountId = z.number().int().positive();
const bankDetails = z
  .object({
    IBAN: z.string().optional(),
    BankName: z.string().optional(),
    BankIdentifierCode: z.string().optional(),
    SWIFTCode: z.string().optional(),
    AccountNumber: z.string().optional(),
    AccountName: z.string().optional(),
    BranchCode: z.string().optional(),
    RegistrationNumber: z.string().optional(),
    TermsOfPayment: z.string().optional(),
  })
  .strict();

// The definition's fields the portal keeps in the organisation view, and the view field each fills.
const organisationFields = {
  Address: z.string(),
  City: z.string(),
  CompanyName: z.string(),
  Country: z.string(),
  Email: z.string(),
  Zip: z.string(),
  VATID: z.string().optional(),
  CustomerId: z.string().optional(),
  BankDetails: bankDetails.optional(),
  ContactPhone: z.string().optional(),
};
// Fields the definition has that the portal does not keep (contracts, CRM numbers, marketplaces are
// the pricelist assignment of the portal, roles to copy): accepted so existing scripts keep working.
const acceptedFields = {
  ContractId: z.string().optional(),
  PurchaseOrderNumber: z.string().optional(),
  CrefoNumber: z.string().optional(),
  CompanyContractEndDate: z.string().optional(),
  Domain: z.array(z.string()).optional(),
  Marketplace: z.number().int().optional(),
  Marketplaces: z.array(z.number().int()).optional(),
  TechnicalEmail: z.string().optional(),
  TehnicalAccountManager: z.string().optional(),
  ReferenceNumber: z.string().optional(),
  State: z.string().optional(),
  Salesman: z.string().optional(),
  CreateDefaultAdminUser: z.boolean().optional(),
  ParentRoleList: z.array(z.number().int()).optional(),
  Industry: z.string().optional(),
};

const countryCodes = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const byName = new Map<string, string>();
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = names.of(code);
      // The first code of a name is the assigned one (GB before the reserved UK for "United Kingdom").
      if (name && name !== code && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
})();

/** The definition writes countries by name ("United Kingdom"); the portal keeps ISO codes. Both are taken. */
function countryCode(country: string): string {
  const trimmed = country.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  const code = countryCodes.get(trimmed.toLowerCase());
  if (!code) throw new ApiError(400, 'field_invalid_value', { field: 'Country', value: trimmed });
  return code;
}

type OrganisationInput = { [K in keyof typeof organisationFields]?: z.output<(typeof organisationFields)[K]> };

/** The portal's organisation view values of what a partner sent (only what was sent). */
function organisationValues(input: OrganisationInput): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({
      DisplayName: input.CompanyName,
      Street: input.Address,
      City: input.City,
      PostalCode: input.Zip,
      Country: input.Country === undefined ? undefined : countryCode(input.Country),
      Email: input.Email,
      VatNumber: input.VATID,
      AccountIdentificator: input.CustomerId || undefined,
      Phone: input.ContactPhone || undefined,
      Iban: input.BankDetails?.IBAN || undefined,
    }).filter(([, value]) => value !== undefined),
  );
}

async function createOrganisation(ctx: PartnerContext, type: 'Company' | 'Reseller', input: OrganisationInput & { ParentAccountId: number }) {
  const created = (await ctx.portal('IAccountService/CreateAccount', {
    account: { Views: { Account: { Values: { AccountType: type, ParentAccountId: input.ParentAccountId } }, [type]: { Values: organisationValues(input) } } },
  })) as { AccountId: number };
  return toPartnerCompany(await requireAccountFor(ctx.db, ctx.caller, created.AccountId, 'Read'));
}

async function updateOrganisation(ctx: PartnerContext, type: 'Company' | 'Reseller', input: Partial<OrganisationInput> & { AccountId: number }) {
  const account = await requireAccountFor(ctx.db, ctx.caller, input.AccountId, 'Read');
  if (account.type !== type) throw new ApiError(404, type === 'Company' ? 'partner_api_not_a_company' : 'partner_api_not_a_reseller', { accountId: String(input.AccountId) });
  await ctx.portal('IAccountService/UpdateAccount', { accountId: account.id, viewValues: { [type]: { Values: organisationValues(input) } } });
  return undefined;
}

const createBody = z.object({ ParentAccountId: accountId, ...organisationFields, ...acceptedFields, MPNId: z.string().optional(), CreateDefaultMarketplace: z.boolean().optional() }).strict();
const updateBody = z.object({ AccountId: accountId, ...organisationFields, ...acceptedFields }).partial({ Country: true }).strict();

export const organisationWriteOperations = [
  definePartnerOperation({
    name: 'CreateCompany',
    group: 'Company',
    summary: "Creates a company under a reseller through the portal's CreateAccount (the same checks, defaults, pricelist and audit entry).",
    request: z.object({ companyAccount: createBody }).strict(),
    answer: partnerCompanySchema,
    handler: ({ companyAccount }, ctx) => createOrganisation(ctx, 'Company', companyAccount),
  }),
  definePartnerOperation({
    name: 'CreateReseller',
    group: 'Reseller',
    summary: "Creates a reseller under a reseller or distributor through the portal's CreateAccount.",
    request: z.object({ resellerAccount: createBody }).strict(),
    answer: partnerCompanySchema,
    handler: ({ resellerAccount }, ctx) => createOrganisation(ctx, 'Reseller', resellerAccount),
  }),
  definePartnerOperation({
    name: 'UpdateCompany',
    group: 'Company',
    summary: "Changes a company's name, address, e-mail, VAT id and bank account through the portal's UpdateAccount.",
    request: z.object({ company: updateBody }).strict(),
    answer: z.undefined(),
    handler: ({ company }, ctx) => updateOrganisation(ctx, 'Company', company),
  }),
  definePartnerOperation({
    name: 'UpdateReseller',
    group: 'Reseller',
    summary: "Changes a reseller's name, address, e-mail, VAT id and bank account through the portal's UpdateAccount.",
    request: z.object({ reseller: updateBody }).strict(),
    answer: z.undefined(),
    handler: ({ reseller }, ctx) => updateOrganisation(ctx, 'Reseller', reseller),
  }),
  definePartnerOperation({
    name: 'TerminateAccount',
    group: 'Terminate account',
    summary: "Terminates an account and its subtree now, through the portal's TerminateAccount (lock periods, prepaid renewals and audit as in the portal).",
    request: z.object({ accountId, terminationReason: z.string().optional() }).strict(),
    answer: z.undefined(),
    async handler({ accountId: id, terminationReason }, ctx) {
      await ctx.portal('IAccountService/TerminateAccount', { accountId: id, ...(terminationReason !== undefined && { terminationReason }) });
      return undefined;
    },
  }),
];
