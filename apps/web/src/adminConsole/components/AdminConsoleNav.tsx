import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { ADMIN_CONSOLE_PAGES, adminConsolePath, type AdminConsolePage } from '../constants/adminConsolePages';

/** The console's pages on the left: links (Tab and Enter), the current one marked for screen readers. */
export function AdminConsoleNav({ current }: { current: AdminConsolePage | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper component="nav" variant="outlined" aria-label={t('admin_console.nav_label')}>
      <List disablePadding>
        {ADMIN_CONSOLE_PAGES.map((page) => (
          <li key={page}>
            <ListItemButton component={RouterLink} to={adminConsolePath(page)} selected={page === current} aria-current={page === current ? 'page' : undefined}>
              <ListItemText primary={t(`admin_console.page.${page}`)} />
            </ListItemButton>
          </li>
        ))}
      </List>
    </Paper>
  );
}
