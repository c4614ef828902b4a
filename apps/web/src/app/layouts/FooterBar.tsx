import { useTranslation } from 'react-i18next';
import { mdiPlus } from '@mdi/js';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { NEW_MENU } from '../navigation/navigationItems';
import { LinkMenuButton } from './LinkMenuButton';
import { LazySupportFooterLinks } from '../../support/components/LazySupportFooterLinks';

/** spec §2 Footer action bar: the New menu (disabled when none of its items is allowed). */
export function FooterBar({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const links = NEW_MENU.filter((link) => isAllowed(user.Capability, link.rule));

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
