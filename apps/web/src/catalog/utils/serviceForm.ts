import { SERVICE_NAME_PATTERN, type BillingPeriod, type BillingRule, type CommitmentTerm, type VendorService, type VendorServiceInput } from '@cmp/contracts/catalog';
import { SERVICE_ICON_PATH } from '@cmp/contracts/marketplace';
import type { FeeType } from '@cmp/contracts/pricing';

// The service editor's form (issue 13): what a vendor types, checked as the server checks it, so
// the editor names the field before anything is sent.

export interface ItemForm {
  /** Stable key of the row while editing. */
  key: string;
  PriceableItemId?: number;
  Name: string;
  FeeType: FeeType;
  Unit: string;
  PurchasePrice: string;
  Srp: string;
}

export interface ServiceForm {
  ServiceName: string;
  DisplayNames: Record<string, string>;
  Descriptions: Record<string, string>;
  VendorSku: string;
  ProductNumber: string;
  Category: string;
  Tags: string;
  BillingRule: BillingRule;
  BillingPeriod: BillingPeriod;
  Currency: string;
  CommitmentTerms: CommitmentTerm[];
  IconPath: string;
  TermsOfService: string;
  IsActive: boolean;
  Items: ItemForm[];
}

/** A non-negative decimal with at most six decimals, as the API takes prices. */
export const DECIMAL_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

let nextKey = 0;
export const newItemKey = () => `item-${(nextKey += 1)}`;

export const emptyItem = (): ItemForm => ({ key: newItemKey(), Name: '', FeeType: 'Recurring', Unit: '', PurchasePrice: '', Srp: '' });

export function formOfService(service: VendorService | undefined): ServiceForm {
  if (!service) {
    return {
      ServiceName: '',
      DisplayNames: { en: '' },
      Descriptions: {},
      VendorSku: '',
      ProductNumber: '',
      Category: '',
      Tags: '',
      BillingRule: 'PerUnit',
      BillingPeriod: 'Monthly',
      Currency: 'EUR',
      CommitmentTerms: ['1-month'],
      IconPath: '',
      TermsOfService: '',
      IsActive: true,
      Items: [emptyItem()],
    };
  }
  return {
    ServiceName: service.ServiceName,
    DisplayNames: { ...service.DisplayNames },
    Descriptions: { ...service.Descriptions },
    VendorSku: service.VendorSku ?? '',
    ProductNumber: service.ProductNumber ?? '',
    Category: service.Category ?? '',
    Tags: service.Tags.join(', '),
    BillingRule: service.BillingRule,
    BillingPeriod: service.BillingPeriod,
    Currency: service.Currency,
    CommitmentTerms: service.CommitmentTerms.filter((term): term is CommitmentTerm => ['1-month', 'annual', '3-year', 'other'].includes(term)),
    IconPath: service.IconPath ?? '',
    TermsOfService: service.TermsOfService ?? '',
    IsActive: service.IsActive,
    Items: service.Items.filter((item) => item.IsActive).map((item) => ({
      key: newItemKey(),
      PriceableItemId: item.PriceableItemId,
      Name: item.Name,
      FeeType: item.FeeType,
      Unit: item.Unit ?? '',
      PurchasePrice: item.PurchasePrice ?? '',
      Srp: item.Srp ?? '',
    })),
  };
}

/** Problems by field ("ServiceName", "Items.0.Srp", …) as keys of the catalog texts. */
export type FormProblems = Record<string, string>;

export function checkServiceForm(form: ServiceForm, isNew: boolean): FormProblems {
  const problems: FormProblems = {};
  if (isNew && !SERVICE_NAME_PATTERN.test(form.ServiceName.trim())) problems.ServiceName = form.ServiceName.trim() ? 'catalog.problem_service_name' : 'catalog.problem_required';
  if (!form.DisplayNames.en?.trim()) problems['DisplayNames.en'] = 'catalog.problem_required';
  if (!form.Category.trim()) problems.Category = 'catalog.problem_required';
  if (!CURRENCY_PATTERN.test(form.Currency.trim())) problems.Currency = 'catalog.problem_currency';
  if (form.CommitmentTerms.length === 0) problems.CommitmentTerms = 'catalog.problem_commitment';
  if (form.IconPath.trim() && !SERVICE_ICON_PATH.test(form.IconPath.trim())) problems.IconPath = 'catalog.problem_icon_path';
  if (form.Items.length === 0) problems.Items = 'catalog.problem_no_items';
  const names = new Set<string>();
  form.Items.forEach((item, index) => {
    const name = item.Name.trim().toLowerCase();
    if (!name) problems[`Items.${index}.Name`] = 'catalog.problem_required';
    else if (names.has(name)) problems[`Items.${index}.Name`] = 'catalog.problem_item_duplicate';
    names.add(name);
    for (const field of ['PurchasePrice', 'Srp'] as const) {
      const value = item[field].trim();
      if (!value) problems[`Items.${index}.${field}`] = 'catalog.problem_required';
      else if (!DECIMAL_PATTERN.test(value)) problems[`Items.${index}.${field}`] = 'catalog.problem_decimal';
    }
  });
  return problems;
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The request's `service` from a form the check accepted. */
export function serviceInputOf(form: ServiceForm): VendorServiceInput {
  return {
    DisplayNames: form.DisplayNames,
    Descriptions: form.Descriptions,
    VendorSku: orNull(form.VendorSku),
    ProductNumber: orNull(form.ProductNumber),
    Category: form.Category.trim(),
    Tags: [...new Set(form.Tags.split(',').map((tag) => tag.trim()).filter(Boolean))],
    BillingRule: form.BillingRule,
    BillingPeriod: form.BillingPeriod,
    Currency: form.Currency.trim(),
    CommitmentTerms: form.CommitmentTerms,
    IconPath: orNull(form.IconPath),
    TermsOfService: orNull(form.TermsOfService),
    IsActive: form.IsActive,
    Items: form.Items.map((item) => ({
      ...(item.PriceableItemId === undefined ? {} : { PriceableItemId: item.PriceableItemId }),
      Name: item.Name.trim(),
      FeeType: item.FeeType,
      Unit: orNull(item.Unit),
      PurchasePrice: item.PurchasePrice.trim(),
      Srp: item.Srp.trim(),
    })),
  };
}

/** Reads a chosen file as base64 (without the data-URL prefix). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
