import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { OrderWizard } from '../wizard/OrderWizard';

/**
 * `#/Account/Create/Service[?accountId=&service=]` (spec §2 New menu "order service", issue 14): the
 * wizard that orders a service for an account — the given one or the caller's company — with the
 * given service chosen.
 */
export function OrderServiceScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const given = Number(searchParams.get('accountId'));
  const accountId = Number.isSafeInteger(given) && given > 0 ? given : undefined;
  const service = searchParams.get('service')?.trim() || undefined;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('routes.create_service')}
      </Typography>
      {/* Another account or service in the address is another order: nothing chosen carries over. */}
      <OrderWizard key={`${accountId ?? ''}-${service ?? ''}`} givenAccountId={accountId} givenService={service} />
    </Box>
  );
}
