import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isAllowed, type Capability } from '@cmp/contracts/capabilities';
import { isActivePath, isGroup, TOP_NAVIGATION, type NavigationLink } from '../navigation/navigationItems';
import { activeSx, LinkMenuButton } from './LinkMenuButton';

/** spec §2 Top navigation: Explore, the Marketplaces, Quotes and Orders groups, Reports, each behind its check. */
export function TopNavigation({ capabilities }: { capabilities: readonly Capability[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const allowed = (link: NavigationLink) => isAllowed(capabilities, link.rule);

  return (
    <Box component="nav" aria-label={t('nav.main')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {TOP_NAVIGATION.map((entry) => {
        if (isGroup(entry)) {
          const links = entry.items.filter(allowed);
          return links.length > 0 ? <LinkMenuButton key={entry.labelKey} label={t(entry.labelKey)} links={links} isOpenedOnHover /> : null;
        }
        if (!allowed(entry)) return null;
        const isActive = isActivePath(pathname, entry.to);
        return (
          <Button
            key={entry.to}
            component={RouterLink}
            to={entry.to}
            color="inherit"
            aria-current={isActive ? 'page' : undefined}
            sx={isActive ? activeSx : undefined}
          >
            {t(entry.labelKey)}
          </Button>
        );
      })}
    </Box>
  );
}
