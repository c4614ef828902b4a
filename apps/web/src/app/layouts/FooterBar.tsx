import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { mdiPlus } from '@mdi/js';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import type { SessionUser } from '@cmp/contracts/auth';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { newMenuFor, type NavigationLink } from '../navigation/navigationItems';
import { LinkMenuButton } from './LinkMenuButton';
import { LazySupportFooterLinks } from '../../support/components/LazySupportFooterLinks';

/** The account page being shown (#/account/{id}…, #/Account/View/{id}), if any. */
const ACCOUNT_PAGE = /^\/account\/(?:view\/)?(\d+)(?:\/|$)/i;

/**
 * A create link opened from an account's page starts there: the create screen puts the new account
 * under that account, or the nearest one above it that may hold it (issue 10 "the account the user
 * came from").
 */
function fromAccountPage(links: NavigationLink[], pathname: string): NavigationLink[] {
  const accountId = ACCOUNT_PAGE.exec(pathname)?.[1];
  if (!accountId) return links;
  const startsThere = (link: NavigationLink) => link.createsAccountTypes?.length === 1 && link.createsAccountTypes[0] !== 'Product';
  return links.map((link) => (startsThere(link) ? { ...link, to: `${link.to}?parentAccountId=${accountId}` } : link));
}

/** spec §2 Footer action bar: the New menu (disabled when none of its items is allowed). */
export function FooterBar({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const links = fromAccountPage(newMenuFor(user.Capability, user.CompanyAccount.AccountType), pathname);

  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar variant="dense" sx={{ gap: 2 }}>
        <LinkMenuButton
          label={t('footer.new')}
          links={links}
          startIcon={<MdiIcon path={mdiPlus} />}
          menuPlacement="above"
          buttonProps={{ variant: 'contained', color: 'primary', disabled: links.length === 0 }}
        />
        <LazySupportFooterLinks user={user} />
      </Toolbar>
    </Box>
  );
}
