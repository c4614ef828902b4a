import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SETUP_MFA_PATH } from '../../platform/navigation/appPaths';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { EmailCodesSetup } from '../components/EmailCodesSetup';
import { NotNowButton } from '../components/NotNowButton';
import { useFinishMfaSetup } from '../hooks/useFinishMfaSetup';
import { useMfaSetupRequirement } from '../hooks/useMfaSetupRequirement';

/** /setup-mfa-email: the second factor as codes by e-mail (spec §2 "treated as an MFA page"); a way back when nobody requires it. */
export function SetupMfaEmailScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const finishSetup = useFinishMfaSetup();
  const requirement = useMfaSetupRequirement();

  return (
    <PlainPageCard title={t('routes.setup_mfa_email')} maxWidth={520}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('mfa.choose_email_text')}
      </Typography>
      <EmailCodesSetup onConfirmed={finishSetup} />
      <Link component={RouterLink} to={`${SETUP_MFA_PATH}${search}`} sx={{ display: 'inline-block', mt: 3 }}>
        {t('mfa.use_app_instead')}
      </Link>
      {requirement === 'chosen' && (
        <Stack sx={{ mt: 2 }}>
          <NotNowButton />
        </Stack>
      )}
    </PlainPageCard>
  );
}
