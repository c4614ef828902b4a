import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AvailableServicesPage } from '../api/orderWizardApi';
import { AvailableServicesList } from '../wizard/AvailableServicesList';

/**
 * `/account/{accountId}/available-services` (spec §2, issue 14): the services that account may order
 * from its pricelist, each with its price per unit and period and the terms it offers, and an
 * "Order" button leading to the wizard with the account and the service chosen.
 */
export function AvailableServicesScreen() {
  const { t } = useTranslation();
  const headingId = useId();
  const accountId = Number(useParams().accountId);
  const [page, setPage] = useState<AvailableServicesPage>();
  const isValidAccount = Number.isSafeInteger(accountId) && accountId > 0;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', width: '100%' }}>
      {isValidAccount && (
        <Breadcrumbs aria-label={t('order_wizard.breadcrumb_label')} sx={{ mb: 2 }}>
          <Link component={RouterLink} to={`/account/${accountId}`} underline="hover" color="inherit">
            {page?.AccountName ?? t('routes.account')}
          </Link>
          <Typography color="text.primary" aria-current="page">
            {t('routes.available_services')}
          </Typography>
        </Breadcrumbs>
      )}
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.available_services')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {page ? t('order_wizard.available_intro_named', { name: page.AccountName }) : t('order_wizard.available_intro')}
      </Typography>
      {!isValidAccount ? (
        <Alert severity="error">{t('order_wizard.invalid_account')}</Alert>
      ) : (
        <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('order_wizard.available_title')}
          </Typography>
          {page && !page.CanOrder && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('order_wizard.available_cannot_order')}
            </Alert>
          )}
          <AvailableServicesList accountId={accountId} labelledBy={headingId} action={{ kind: 'order' }} onData={setPage} />
        </Paper>
      )}
    </Box>
  );
}
