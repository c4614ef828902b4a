import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { mdiCellphoneKey, mdiEmailOutline } from '@mdi/js';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { AuthenticatorAppSetup } from '../components/AuthenticatorAppSetup';
import { NotNowButton } from '../components/NotNowButton';
import { useFinishMfaSetup } from '../hooks/useFinishMfaSetup';
import { useMfaSetupRequirement } from '../hooks/useMfaSetupRequirement';

/**
 * /setup-mfa: setting up a second factor (spec §2, §4 Login step 1). It says whether an MFA policy
 * of the organisation requires it (the route guard then holds the user here) or the user chose it,
 * and only then offers the way back (issue 10).
 */
export function SetupMfaScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const finishSetup = useFinishMfaSetup();
  const requirement = useMfaSetupRequirement();
  const [isSettingUpApp, setIsSettingUpApp] = useState(false);

  return (
    <PlainPageCard title={t('routes.setup_mfa')} maxWidth={520}>
      {requirement && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {requirement === 'required' ? t('mfa.setup_required') : t('mfa_setup.chosen_intro')}
        </Typography>
      )}
      {isSettingUpApp ? (
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('mfa.kinds.AuthenticatorApp')}
          </Typography>
          <AuthenticatorAppSetup onConfirmed={finishSetup} />
          <Button onClick={() => setIsSettingUpApp(false)} sx={{ alignSelf: 'flex-start' }}>
            {t('mfa_sign_in.use_another_method')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <MethodChoice icon={mdiCellphoneKey} title={t('mfa.kinds.AuthenticatorApp')} text={t('mfa.choose_app_text')} onChoose={() => setIsSettingUpApp(true)} />
          <MethodChoice icon={mdiEmailOutline} title={t('mfa.kinds.Email')} text={t('mfa.choose_email_text')} onChoose={() => navigate(`/setup-mfa-email${search}`)} />
        </Stack>
      )}
      {requirement === 'chosen' && (
        <Stack sx={{ mt: 2 }}>
          <NotNowButton />
        </Stack>
      )}
    </PlainPageCard>
  );
}

function MethodChoice({ icon, title, text, onChoose }: { icon: string; title: string; text: string; onChoose: () => void }) {
  return (
    <Button
      variant="outlined"
      onClick={onChoose}
      startIcon={<MdiIcon path={icon} />}
      sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', p: 2, alignItems: 'flex-start' }}
    >
      <span>
        <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {text}
        </Typography>
      </span>
    </Button>
  );
}
