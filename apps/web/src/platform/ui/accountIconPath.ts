import { mdiAccount, mdiAccountGroup, mdiDomain, mdiFactory, mdiPackageVariantClosed, mdiStorefrontOutline } from '@mdi/js';
import type { AccountIcon } from '@cmp/contracts/search';

const ICON_PATHS: Record<AccountIcon, string> = {
  reseller: mdiStorefrontOutline,
  company: mdiDomain,
  department: mdiAccountGroup,
  user: mdiAccount,
  product: mdiPackageVariantClosed,
  vendor: mdiFactory,
};

/** spec §2 "an icon per type", from the mdi set (spec §9); an unknown key falls back to the company icon. */
export const accountIconPath = (icon: AccountIcon) => ICON_PATHS[icon] ?? mdiDomain;
