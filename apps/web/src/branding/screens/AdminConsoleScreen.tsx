import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../platform/api/ApiError';
import { QueryCard } from '../../platform/ui/QueryCard';
import { LiveChannelAdminSection } from '../../platform/realtime/components/LiveChannelAdminSection';
import { useStoredBranding } from '../api/brandingOperations';
import { BrandingForm } from '../components/BrandingForm';

/**
 * /admin-console/{methodName?} (spec §2, Administrative Read): the platform owner's branding (spec §1
 * white-label; a reseller's administrator sees why it is not theirs) and the live notifications —
 * who is signed in per server node, maintenance announcements, messages to the signed-in users (issue 16).
 */
export function AdminConsoleScreen() {
  const { t } = useTranslation();
  const query = useStoredBranding();
  const isNotOwner = query.error instanceof ApiError && query.error.status === 403;

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('branding.admin_title')}
      </Typography>
      {isNotOwner ? (
        <Alert severity="info">{t('branding.owner_only')}</Alert>
      ) : (
        <QueryCard title={t('branding.section_title')} intro={t('branding.section_intro')} query={query}>
          {(stored) => <BrandingForm stored={stored} />}
        </QueryCard>
      )}
      <Box sx={{ mt: 3 }}>
        <LiveChannelAdminSection />
      </Box>
    </Box>
  );
}
