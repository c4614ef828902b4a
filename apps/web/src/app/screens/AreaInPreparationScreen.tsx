import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';

/** The page of a route whose screen a later issue builds: its name and a short note. */
export function AreaInPreparationScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720, width: '100%', mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(titleKey)}
      </Typography>
      <Typography>{t('common.area_in_preparation')}</Typography>
    </Paper>
  );
}
