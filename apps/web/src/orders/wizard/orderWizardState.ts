import type { LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import { BILLING_FREQUENCIES_BY_COMMITMENT, MAX_ORDER_QUANTITY, type AvailableService, type BillingFrequency, type Commitment, type OrderRequest } from '@cmp/contracts/orders';
import { checkField, fieldKey, type FieldProblem, type FormValues } from '../../platform/forms/fieldRules';

/** The wizard's route (spec §2 New menu "order service"), with the account and service to start from. */
export const ORDER_SERVICE_PATH = '/Account/Create/Service';

export function orderServicePath({ accountId, service }: { accountId?: number; service?: string }): string {
  const params = new URLSearchParams();
  if (accountId !== undefined) params.set('accountId', String(accountId));
  if (service) params.set('service', service);
  const query = params.toString();
  return query ? `${ORDER_SERVICE_PATH}?${query}` : ORDER_SERVICE_PATH;
}

/** The account the subscription is to sit under (spec §3 Order "parent account"). */
export interface OrderAccount {
  AccountId: number;
  DisplayName: string;
}

/** What the configure step holds: the quantity as typed, so a wrong entry can be shown and explained. */
export interface OrderConfiguration {
  quantity: string;
  commitment: Commitment | '';
  billingFrequency: BillingFrequency | '';
  isPrepaid: boolean;
  /** The product's view fields as entered, by "<View>.<Field>" (the account forms' keys). */
  viewValues: FormValues;
}

/** A product view field of the configure step, by "<View>.<Field>". */
export type ViewFieldKey = `${string}.${string}`;
export type ConfigurationField = 'quantity' | 'commitment' | 'billingFrequency' | ViewFieldKey;
/** The problem of a field, as a key of order_wizard.errors.* */
export type ConfigurationProblems = Partial<Record<ConfigurationField, string>>;

/** A fresh configuration for a service: one unit, its first term and that term's first billing frequency. */
export function initialConfiguration(service: AvailableService): OrderConfiguration {
  const commitment = service.Commitments[0] ?? '';
  return { quantity: '1', commitment, billingFrequency: commitment ? BILLING_FREQUENCIES_BY_COMMITMENT[commitment][0]! : '', isPrepaid: false, viewValues: {} };
}

/** The billing frequencies the chosen term allows (Microsoft's new commerce rules, issue 14). */
export const frequenciesOf = (commitment: Commitment | '') => (commitment ? BILLING_FREQUENCIES_BY_COMMITMENT[commitment] : []);

/** Another term keeps the billing frequency when the term allows it, else takes the term's first. */
export function withCommitment(configuration: OrderConfiguration, commitment: Commitment): OrderConfiguration {
  const allowed = BILLING_FREQUENCIES_BY_COMMITMENT[commitment];
  const billingFrequency = configuration.billingFrequency && allowed.includes(configuration.billingFrequency) ? configuration.billingFrequency : allowed[0]!;
  return { ...configuration, commitment, billingFrequency };
}

/** The contract's rules for each field (the server checks them again). */
export function configurationProblems(configuration: OrderConfiguration, service: AvailableService): ConfigurationProblems {
  const problems: ConfigurationProblems = {};
  const quantity = configuration.quantity.trim();
  if (quantity === '') problems.quantity = 'quantity_required';
  else if (!/^\d+$/.test(quantity) || Number(quantity) < 1 || Number(quantity) > MAX_ORDER_QUANTITY) problems.quantity = 'quantity_range';
  if (!configuration.commitment || !service.Commitments.includes(configuration.commitment)) problems.commitment = 'commitment_required';
  if (!configuration.billingFrequency || !frequenciesOf(configuration.commitment).includes(configuration.billingFrequency)) problems.billingFrequency = 'billing_frequency_required';
  return problems;
}

/**
 * The product layout's part an order asks for (issue 14 "the product's view fields"): the fields of
 * the product's own view (Product_<name>) that are not read-only, in their pages and containers —
 * what the server's checkOrderViewValues takes. Empty when the product has no fields.
 */
export function orderViewPages(pages: LayoutPage[], productName: string): LayoutPage[] {
  const view = `Product_${productName}`;
  return pages
    .map((page) => ({ ...page, Containers: page.Containers.map((container) => ({ ...container, Fields: container.Fields.filter((field) => field.View === view && !field.ReadOnly) })).filter((container) => container.Fields.length > 0) }))
    .filter((page) => page.Containers.length > 0);
}

export const fieldsOfPages = (pages: LayoutPage[]): LayoutField[] => pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields));

/** The account forms' checks of each view field (required, type, length, pattern, enum), by "<View>.<Field>". */
export function viewFieldProblems(fields: LayoutField[], values: FormValues): Partial<Record<ViewFieldKey, FieldProblem>> {
  const problems: Partial<Record<ViewFieldKey, FieldProblem>> = {};
  for (const field of fields) {
    const problem = checkField(field, values[fieldKey(field)]);
    if (problem) problems[fieldKey(field) as ViewFieldKey] = problem;
  }
  return problems;
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The entered view values as the order takes them: by field name, text trimmed, whole numbers as numbers, empty ones left out. */
export function orderViewValuesOf(fields: LayoutField[], values: FormValues): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    const value = values[fieldKey(field)];
    if (isBlank(value)) continue;
    if (typeof value === 'boolean') result[field.Name] = value;
    else if (field.Type === 'int32') result[field.Name] = Number(String(value).trim());
    else result[field.Name] = String(value).trim();
  }
  return result;
}

/** The order as PreviewOrder and PlaceOrder take it; only called with a configuration without problems. viewValues only for a product with fields. */
export function orderRequestOf(account: OrderAccount, service: AvailableService, configuration: OrderConfiguration, viewFields: LayoutField[] = []): OrderRequest {
  return {
    parentAccountId: account.AccountId,
    productName: service.ProductName,
    quantity: Number(configuration.quantity.trim()),
    commitment: configuration.commitment as Commitment,
    billingFrequency: configuration.billingFrequency as BillingFrequency,
    ...(service.IsPrepaid ? { isPrepaid: configuration.isPrepaid } : {}),
    ...(viewFields.length ? { viewValues: orderViewValuesOf(viewFields, configuration.viewValues) } : {}),
  };
}
