import { z } from 'zod';
import type { AccountRow } from '../platform/session';

/** The definition's `Company`: a reseller or a company as partners' integrations read it. */
export const partnerCompanySchema = z.object({
  ParentAccountId: z.number().int(),
  AccountId: z.number().int(),
  AccountState: z.enum(['Active', 'Terminated']),
  CompanyName: z.string(),
  VATID: z.string(),
  Domain: z.array(z.string()),
  BillingStartDate: z.string(),
  ContractId: z.string(),
  PurchaseOrderNumber: z.string(),
  CustomerId: z.string(),
  Currency: z.string(),
  Address: z.string(),
  City: z.string(),
  Country: z.string(),
  Zip: z.string(),
  OnlineBillSplitByEndCustomer: z.boolean(),
  Email: z.string(),
  TechnicalEmail: z.string(),
  TechnicalContact: z.string(),
  Salesman: z.string(),
  Marketplace: z.number().int(),
  Marketplaces: z.array(z.number().int()),
  BankDetails: z.object({
    IBAN: z.string(),
    BankName: z.string(),
    BankIdentifierCode: z.string(),
    SWIFTCode: z.string(),
    AccountNumber: z.string(),
    AccountName: z.string(),
    BranchCode: z.string(),
    RegistrationNumber: z.string(),
    TermsOfPayment: z.string(),
  }),
  ElectronicInvoicing: z.object({ InvoiceCurrency: z.string(), InvoiceExchangeRate: z.string() }),
  CrefoNumber: z.string(),
  CompanyContractEndDate: z.string(),
  MPNId: z.string(),
  AccountType: z.enum(['User', 'Company', 'Reseller', 'Product', 'Department']),
  ContactPerson: z.string(),
  ReferenceNumber: z.string(),
});
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

/** The definition's dates: local ISO time with milliseconds and no zone ("2017-01-03T11:22:33.456"), in UTC. */
export const partnerDateTime = (date: Date) => date.toISOString().slice(0, 23);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** The definition writes countries by their English name ("United Kingdom"); the portal keeps the ISO code. */
function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A reseller or company account in the definition's shape. Fields the portal does not keep (domains,
 * contract ids, the Crefo number …) are empty as the definition's own examples show them, so
 * clients that read every field find each with its type.
 */
export function toPartnerCompany(account: AccountRow, pricelistIds: number[] = []): PartnerCompany {
  const values = account.views[account.type]?.Values ?? {};
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const currency = text('Currency');
  return {
    ParentAccountId: account.parentId ?? 0,
    AccountId: account.id,
    AccountState: account.state === 'Terminated' ? 'Terminated' : 'Active',
    CompanyName: account.displayName,
    VATID: text('VatNumber'),
    Domain: [],
    BillingStartDate: partnerDateTime(account.createdAt),
    ContractId: '',
    PurchaseOrderNumber: '',
    CustomerId: text('AccountIdentificator'),
    Currency: currency,
    Address: text('Street'),
    City: text('City'),
    Country: countryName(text('Country')),
    Zip: text('PostalCode'),
    OnlineBillSplitByEndCustomer: false,
    Email: text('Email'),
    TechnicalEmail: '',
    TechnicalContact: '',
    Salesman: '',
    Marketplace: pricelistIds[0] ?? 0,
    Marketplaces: pricelistIds,
    BankDetails: { IBAN: text('Iban'), BankName: '', BankIdentifierCode: '', SWIFTCode: '', AccountNumber: '', AccountName: '', BranchCode: '', RegistrationNumber: '', TermsOfPayment: '' },
    ElectronicInvoicing: { InvoiceCurrency: currency, InvoiceExchangeRate: '1' },
    CrefoNumber: '',
    CompanyContractEndDate: '',
    MPNId: '',
    AccountType: account.type === 'Reseller' ? 'Reseller' : 'Company',
    ContactPerson: '',
    ReferenceNumber: '',
  };
}
