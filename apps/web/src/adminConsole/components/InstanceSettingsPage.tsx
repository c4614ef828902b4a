import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { ApiError } from '../../platform/api/ApiError';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useStoredBranding, BrandingForm } from '../../branding/public';

/** Instance settings: the platform owner's branding, its default language included (spec §1 white-label, §3). */
export function InstanceSettingsPage() {
  const { t } = useTranslation();
  const query = useStoredBranding();
  // A reseller's administrator is told why the branding is not theirs (spec §7: one per installation).
  if (query.error instanceof ApiError && query.error.status === 403) return <Alert severity="info">{t('branding.owner_only')}</Alert>;
  return (
    <QueryCard title={t('branding.section_title')} intro={t('branding.section_intro')} query={query}>
      {(stored) => <BrandingForm stored={stored} />}
    </QueryCard>
  );
}
