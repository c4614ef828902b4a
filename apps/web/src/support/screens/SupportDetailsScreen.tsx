import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useSupportDetailsForAccount } from '../api/supportDetailsOperations';
import { SupportDetailsForm } from '../components/SupportDetailsForm';

/** /account/{accountId}/support-details: a reseller edits the support details its accounts inherit (spec §3). */
export function SupportDetailsScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('support.details_title')}
      </Typography>
      {accountId === undefined ? <Alert severity="error">{t('common.invalid_account')}</Alert> : <SupportDetailsCard key={accountId} accountId={accountId} />}
    </Box>
  );
}

function SupportDetailsCard({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const query = useSupportDetailsForAccount(accountId);
  return (
    <QueryCard title={query.data?.DisplayName ?? t('support.details_title')} intro={t('support.details_intro')} query={query}>
      {(data) => <SupportDetailsForm key={query.dataUpdatedAt} accountId={accountId} initial={data.SupportDetails} />}
    </QueryCard>
  );
}
