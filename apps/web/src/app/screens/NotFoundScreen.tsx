import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DASHBOARD_PATH } from '../routes/routeTable';

/** spec §2 "any other path: not-found screen". */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720, width: '100%', mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('routes.not_found')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('not_found.text')}</Typography>
      <Button component={RouterLink} to={DASHBOARD_PATH} variant="contained">
        {t('not_found.to_dashboard')}
      </Button>
    </Paper>
  );
}
