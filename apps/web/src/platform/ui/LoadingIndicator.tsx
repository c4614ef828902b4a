import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner that screen readers announce as "Loading" (or as `label`). */
export function LoadingIndicator({ label }: { label?: string } = {}) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', p: 4, flex: 1 }}>
      <CircularProgress aria-label={label ?? t('common.loading')} />
    </Box>
  );
}
