import type { LayoutField } from '@cmp/contracts/accountViews';
import type { UpgradeOption, UpgradeOptions, UpgradeRequest, UpgradeType } from '@cmp/contracts/upgrades';
import type { FormValues } from '../../platform/forms/fieldRules';
import { orderViewValuesOf, type ViewFieldKey } from '../../orders/public';

/** Where the seats go: a new subscription of the target service, or an existing one (its account id). */
export type UpgradeTarget = 'new' | number;

/** What the configure step holds: the seats as typed, so a wrong entry can be shown and explained. */
export interface UpgradeConfiguration {
  type: UpgradeType;
  seats: string;
  target: UpgradeTarget | undefined;
  /** The target service's view fields for a new subscription (as an order's), by "<View>.<Field>". */
  viewValues: FormValues;
}

export type UpgradeField = 'seats' | 'target' | ViewFieldKey;
/** The problem of a field, as a key of upgrade_wizard.errors.* */
export type UpgradeProblems = Partial<Record<UpgradeField, string>>;

/** A downgrade always makes a new subscription at the term end; an upgrade may also increase an existing one. */
export const canUseExisting = (option: UpgradeOption) => option.Kind === 'Upgrade' && option.ExistingSubscriptions.length > 0;

/** An option can be chosen when it can make a new subscription or has an existing one to increase. */
export const isSelectable = (option: UpgradeOption) => option.IsTermOffered || canUseExisting(option);

/** A partial upgrade needs a seat to stay: not for a downgrade (full only) nor a single seat. */
export const canBePartial = (option: UpgradeOption, sourceQuantity: number) => option.Kind === 'Upgrade' && sourceQuantity > 1;

/** A fresh configuration: every seat, into a new subscription when the option can make one, else into its only existing one. */
export function initialUpgradeConfiguration(option: UpgradeOption): UpgradeConfiguration {
  const target: UpgradeTarget | undefined = option.IsTermOffered ? 'new' : canUseExisting(option) && option.ExistingSubscriptions.length === 1 ? option.ExistingSubscriptions[0]!.AccountId : undefined;
  return { type: 'Full', seats: '', target, viewValues: {} };
}

/** The contract's rules (the server checks them again): 1 … quantity − 1 seats for a partial upgrade, a target it allows. */
export function upgradeProblems(configuration: UpgradeConfiguration, option: UpgradeOption, sourceQuantity: number): UpgradeProblems {
  const problems: UpgradeProblems = {};
  if (configuration.type === 'Partial') {
    const seats = configuration.seats.trim();
    if (!canBePartial(option, sourceQuantity)) problems.seats = 'partial_not_possible';
    else if (seats === '') problems.seats = 'seats_required';
    else if (!/^\d+$/.test(seats) || Number(seats) < 1 || Number(seats) > sourceQuantity - 1) problems.seats = 'seats_range';
  }
  const { target } = configuration;
  if (target === undefined) problems.target = 'target_required';
  else if (target === 'new' && !option.IsTermOffered) problems.target = 'target_new_not_offered';
  else if (target !== 'new' && !canUseExisting(option)) problems.target = 'target_downgrade_new_only';
  else if (target !== 'new' && !option.ExistingSubscriptions.some((existing) => existing.AccountId === target)) problems.target = 'target_required';
  return problems;
}

/** The request of PreviewUpgrade and Upgrade; only called with a configuration without problems. viewValues only for a new subscription of a service with fields. */
export function upgradeRequestOf(options: UpgradeOptions, option: UpgradeOption, configuration: UpgradeConfiguration, viewFields: LayoutField[] = []): UpgradeRequest {
  return {
    subId: options.Source.AccountId,
    upgradeProcessId: option.UpgradeProcessId,
    targetProductName: option.ProductName,
    targetAccountId: configuration.target === 'new' || configuration.target === undefined ? null : configuration.target,
    ...(configuration.type === 'Partial' ? { quantity: Number(configuration.seats.trim()) } : {}),
    ...(configuration.target === 'new' && viewFields.length ? { viewValues: orderViewValuesOf(viewFields, configuration.viewValues) } : {}),
  };
}

/** The service-info page of a subscription. */
export const subscriptionPath = (accountId: number) => `/account/${accountId}/service-info`;
