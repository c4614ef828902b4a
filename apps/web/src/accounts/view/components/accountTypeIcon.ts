import { mdiAccount, mdiDomain, mdiFactory, mdiPackageVariantClosed, mdiSitemap, mdiStore } from '@mdi/js';
import type { AccountType } from '@cmp/contracts/accounts';

/** The mdi icon of each account type (spec §9: icons use the mdi set). */
export const ACCOUNT_TYPE_ICON: Record<AccountType, string> = {
  Reseller: mdiStore,
  Company: mdiDomain,
  Department: mdiSitemap,
  User: mdiAccount,
  Product: mdiPackageVariantClosed,
  Vendor: mdiFactory,
};
