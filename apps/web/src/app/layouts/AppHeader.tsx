import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mdiViewDashboardEdit } from '@mdi/js';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { useBranding } from '../../platform/branding/BrandingContext';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DASHBOARD_PATH } from '../routes/routeTable';
import { ROUTE_RULES } from '../../platform/navigation/routeRules';
import { LanguageMenu } from './LanguageMenu';
import { ProfileMenu } from './ProfileMenu';
import { TopNavigation } from './TopNavigation';
import { LazySupportMenu } from '../../support/components/LazySupportMenu';
import { LazyTermsMenu } from '../../terms/components/LazyTermsMenu';
import { GlobalSearchSlot } from '../../search/components/GlobalSearchSlot';

/** The global search field's outer size at each width (as GlobalSearch draws it): a full line on phones, its magnifier below xl. */
const SEARCH_SLOT_SX = { height: 40, flex: { xs: '1 1 100%', sm: '0 0 auto' }, width: { sm: 44, xl: 280 } } as const;

/** spec §2 "Header and footer": the top bar of the full layout. */
export function AppHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const branding = useBranding();
  const isImpersonated = user.ImpersonatorAccountId !== null;

  return (
    // A light bar: white-label logos are made for light backgrounds, and any branding colour keeps its
    // contrast. It sticks only on wide screens, where it is one line high (WCAG 2.4.11 focus not obscured).
    <AppBar
      position="static"
      component="header"
      color="inherit"
      elevation={1}
      sx={{ bgcolor: 'background.paper', position: { md: 'sticky' }, top: 0, zIndex: 'appBar' }}
    >
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        {isAllowed(user.Capability, ROUTE_RULES.customLandingPage) && (
          <IconButton component={RouterLink} to="/DashboardManager/Start" color="inherit" aria-label={t('routes.custom_landing_page')}>
            <MdiIcon path={mdiViewDashboardEdit} />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={DASHBOARD_PATH}
          aria-label={t('header.home', { title: branding.title })}
          sx={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', mr: 2 }}
        >
          {branding.logo ? (
            <Box component="img" src={branding.logo} alt={branding.marketplace_owner} sx={{ height: 40, maxWidth: 180, objectFit: 'contain' }} />
          ) : (
            <Typography variant="h6" component="span" sx={{ fontWeight: 600 }}>
              {branding.title}
            </Typography>
          )}
        </Box>
        <TopNavigation capabilities={user.Capability} />
        <Box sx={{ flex: 1 }} />
        {/* The search field's room from the first frame, though its code may come after the header's first
            paint: without it the field's arrival re-wrapped the header and moved the page (issue 15, CLS). */}
        <Box sx={SEARCH_SLOT_SX}>
          <GlobalSearchSlot />
        </Box>
        {isImpersonated && <Chip label={t('header.impersonated')} color="warning" size="small" />}
        <LazySupportMenu user={user} />
        <LazyTermsMenu user={user} />
        <LanguageMenu />
        <ProfileMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
