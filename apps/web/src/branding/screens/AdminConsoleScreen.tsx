import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../platform/api/ApiError';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useStoredBranding } from '../api/brandingOperations';
import { BrandingForm } from '../components/BrandingForm';

/**
 * /admin-console/{methodName?} (spec §2, Administrative Read). Its one section today is the
 * platform owner's branding (spec §1 white-label); a reseller's administrator sees why it is not theirs.
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
    </Box>
  );
}
