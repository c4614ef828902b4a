import { BILLING_FREQUENCIES_BY_COMMITMENT, MAX_ORDER_QUANTITY, type AvailableService, type BillingFrequency, type Commitment, type OrderRequest } from '@cmp/contracts/orders';

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
}

export type ConfigurationField = 'quantity' | 'commitment' | 'billingFrequency';
/** The problem of a field, as a key of order_wizard.errors.* */
export type ConfigurationProblems = Partial<Record<ConfigurationField, string>>;

/** A fresh configuration for a service: one unit, its first term and that term's first billing frequency. */
export function initialConfiguration(service: AvailableService): OrderConfiguration {
  const commitment = service.Commitments[0] ?? '';
  return { quantity: '1', commitment, billingFrequency: commitment ? BILLING_FREQUENCIES_BY_COMMITMENT[commitment][0]! : '', isPrepaid: false };
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

/** The order as PreviewOrder and PlaceOrder take it; only called with a configuration without problems. */
export function orderRequestOf(account: OrderAccount, service: AvailableService, configuration: OrderConfiguration): OrderRequest {
  return {
    parentAccountId: account.AccountId,
    productName: service.ProductName,
    quantity: Number(configuration.quantity.trim()),
    commitment: configuration.commitment as Commitment,
    billingFrequency: configuration.billingFrequency as BillingFrequency,
    ...(service.IsPrepaid ? { isPrepaid: configuration.isPrepaid } : {}),
  };
}

/** A calendar date ("2027-11-30" or a full timestamp) in the user's language, without a time. */
export function formatDate(value: string, locale: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
