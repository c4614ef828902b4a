import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';

/** A link's text plus the "(opens in a new tab)" screen readers announce. */
export function NewTabLabel({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <>
      {text}
      <Box component="span" sx={visuallyHidden}>
        {` ${t('common.opens_in_new_tab')}`}
      </Box>
    </>
  );
}
