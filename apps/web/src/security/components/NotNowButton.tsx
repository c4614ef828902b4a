import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { useFollowRedirect } from '../../platform/navigation/useFollowRedirect';

/** The way back from an MFA set-up nobody requires: where the redirect query points, else the dashboard (spec §2). */
export function NotNowButton() {
  const { t } = useTranslation();
  const followRedirect = useFollowRedirect();
  return (
    <Button variant="text" onClick={() => followRedirect()} sx={{ alignSelf: 'flex-start' }}>
      {t('mfa_setup.not_now')}
    </Button>
  );
}
