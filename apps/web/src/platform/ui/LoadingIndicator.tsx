import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner that screen readers announce as "Loading". */
export function LoadingIndicator() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', p: 4, flex: 1 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
