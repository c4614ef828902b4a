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
import { useFinishMfaSetup } from '../hooks/useFinishMfaSetup';

/** /setup-mfa: the organisation requires a second factor before anything else (spec §2, §4 Login step 1). */
export function SetupMfaScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const finishSetup = useFinishMfaSetup();
  const [isSettingUpApp, setIsSettingUpApp] = useState(false);

  return (
    <PlainPageCard title={t('routes.setup_mfa')} maxWidth={520}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('mfa.setup_required')}
      </Typography>
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
