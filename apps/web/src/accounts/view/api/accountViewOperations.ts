import { useQuery } from '@tanstack/react-query';
import type { AccountType, Views } from '@cmp/contracts/accounts';
import type { CreatedAccount, DefaultView, LoadedAccount, ViewLayout } from '@cmp/contracts/accountViews';
import { callOperation } from '../../../platform/api/callOperation';
import { currentLanguage } from '../../../platform/i18n/currentLanguage';

const SERVICE = 'IAccountService';

export const loadedAccountQueryKey = (accountId: number) => ['accounts', 'view', accountId] as const;

/** LoadAccountById: the account, its hierarchy and its view values. */
export function useLoadedAccount(accountId: number | undefined) {
  return useQuery({
    queryKey: loadedAccountQueryKey(accountId ?? 0),
    queryFn: ({ signal }) => callOperation<LoadedAccount>(SERVICE, 'LoadAccountById', { accountId }, { signal, suppressErrorToast: true }),
    enabled: accountId !== undefined,
  });
}

/**
 * GetViewLayout, cached by type, view and product name (spec §7 "View layouts") and language (the
 * labels come in the caller's language). Layouts change with a release of data, not per visit.
 */
export function useViewLayout(type: AccountType | undefined, view: string, productName: string | null | undefined, enabled = true) {
  const product = productName ?? '';
  return useQuery({
    queryKey: ['accounts', 'layout', type, view, product, currentLanguage()] as const,
    queryFn: ({ signal }) => callOperation<ViewLayout>(SERVICE, 'GetViewLayout', { type, view, productName: product }, { signal, suppressErrorToast: true }),
    enabled: enabled && type !== undefined,
    staleTime: 30 * 60_000,
  });
}

export const updateAccount = (accountId: number, viewValues: Views) => callOperation<null>(SERVICE, 'UpdateAccount', { accountId, viewValues });

/** Server-side checks on blur; failures only leave the field unchecked (the save checks again). */
export const validateUniqueField = (accountType: AccountType, fieldName: string, value: string, accountId?: number) =>
  callOperation<{ IsUnique: boolean }>(SERVICE, 'ValidateUniqueField', { accountType, fieldName, value, accountId: accountId ?? null }, { suppressErrorToast: true });

export const validateRemoteField = (fieldName: string, value: string, country: string | null) =>
  callOperation<{ IsValid: boolean; Message: string }>(SERVICE, 'ValidateRemoteFieldWithResult', { fieldName, value, country }, { suppressErrorToast: true });

export function useDefaultViewsForCreate(accountType: AccountType, parentAccountId: number | undefined) {
  return useQuery({
    queryKey: ['accounts', 'create-defaults', accountType, parentAccountId, currentLanguage()] as const,
    queryFn: ({ signal }) => callOperation<DefaultView[]>(SERVICE, 'GetDefaultAccountViewsForCreate', { accountType, parentAccountId, productName: null, secondaryParentId: null }, { signal, suppressErrorToast: true }),
    enabled: parentAccountId !== undefined,
  });
}

export const createAccount = (views: Views) => callOperation<CreatedAccount>(SERVICE, 'CreateAccount', { account: { Views: views } });
