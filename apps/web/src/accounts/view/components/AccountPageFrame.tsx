import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ACCOUNT_TABS } from './accountTabs';

/**
 * The frame every account screen shares: the heading and the tabs of spec §2's account routes.
 * (First version; the account view work adds the account's name, type, breadcrumbs and tree.)
 */
export function AccountPageFrame({ accountId, titleKey, children }: { accountId: number; titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = `/account/${accountId}`;
  const current = ACCOUNT_TABS.find((tab) => tab.path && pathname.startsWith(base + tab.path))?.path ?? '';
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', width: '100%' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t(titleKey)}
      </Typography>
      <Tabs value={current} variant="scrollable" scrollButtons="auto" aria-label={t('routes.account')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {ACCOUNT_TABS.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={t(tab.titleKey)} component={Link} to={base + tab.path} />
        ))}
      </Tabs>
      {children}
    </Box>
  );
}
