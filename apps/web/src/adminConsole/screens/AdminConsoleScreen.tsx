import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AdminConsoleNav } from '../components/AdminConsoleNav';
import { BackgroundJobsPage } from '../components/BackgroundJobsPage';
import { DataChecksPage } from '../components/DataChecksPage';
import { InstanceSettingsPage } from '../components/InstanceSettingsPage';
import { MailOutboxPage } from '../components/MailOutboxPage';
import { MaintenancePage } from '../components/MaintenancePage';
import { RunBillingPage } from '../components/RunBillingPage';
import { SessionsPage } from '../components/SessionsPage';
import { SsoProvidersPage } from '../components/SsoProvidersPage';
import { DEFAULT_ADMIN_CONSOLE_PAGE, isAdminConsolePage, type AdminConsolePage } from '../constants/adminConsolePages';

const PAGES: Record<AdminConsolePage, () => ReactNode> = {
  InstanceSettings: () => <InstanceSettingsPage />,
  Maintenance: () => <MaintenancePage />,
  RunBilling: () => <RunBillingPage />,
  MailOutbox: () => <MailOutboxPage />,
  BackgroundJobs: () => <BackgroundJobsPage />,
  Sessions: () => <SessionsPage />,
  SsoProviders: () => <SsoProvidersPage />,
  DataChecks: () => <DataChecksPage />,
};

/**
 * /admin-console/{methodName?} (spec §2, Administrative Read; Execute to act; issue 17): one page per
 * administrative method, listed on the left; methodName selects it, none opens the first.
 */
export function AdminConsoleScreen() {
  const { t } = useTranslation();
  const { methodName = DEFAULT_ADMIN_CONSOLE_PAGE } = useParams();
  const page = isAdminConsolePage(methodName) ? methodName : undefined;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('admin_console.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <AdminConsoleNav current={page} />
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {page ? (
            PAGES[page]()
          ) : (
            <Alert severity="warning">
              <AlertTitle component="h2">{t('admin_console.unknown_page_title')}</AlertTitle>
              {t('admin_console.unknown_page', { name: methodName })}
            </Alert>
          )}
        </Box>
      </Box>
    </Box>
  );
}
