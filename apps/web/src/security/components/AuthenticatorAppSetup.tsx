import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiContentCopy } from '@mdi/js';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SetupAuthenticationMethodResponse } from '@cmp/contracts/identity';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { ConfirmMethodStep } from './ConfirmMethodStep';
import { MethodNameStep } from './MethodNameStep';

/** Setting up an authenticator app: name, then the QR code or the secret, then the first code (spec §4 MFA methods). */
export function AuthenticatorAppSetup({ onConfirmed }: { onConfirmed: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<SetupAuthenticationMethodResponse>();

  if (!setup) return <MethodNameStep kind="AuthenticatorApp" submitLabel={t('mfa.set_up')} onSetUp={setSetup} />;

  return (
    <Stack spacing={2}>
      <Typography>{t('mfa.scan_qr')}</Typography>
      {setup.QrCodeDataUrl && (
        <Box
          component="img"
          src={setup.QrCodeDataUrl}
          alt={t('mfa.qr_alt')}
          sx={{ width: 200, height: 200, alignSelf: 'center', border: 1, borderColor: 'divider', imageRendering: 'pixelated' }}
        />
      )}
      {setup.Secret && <SecretField secret={setup.Secret} />}
      <Typography>{t('mfa.enter_app_code')}</Typography>
      <ConfirmMethodStep methodId={setup.AuthenticationMethodId} onConfirmed={onConfirmed} />
    </Stack>
  );
}

function SecretField({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);

  const copy = () => {
    navigator.clipboard?.writeText(secret).then(
      () => setIsCopied(true),
      () => setIsCopied(false),
    );
  };

  return (
    <TextField
      label={t('mfa.secret_label')}
      value={secret}
      helperText={<span role="status">{isCopied ? t('common.copied') : t('mfa.secret_help')}</span>}
      fullWidth
      id="setup-app-secret"
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', fontSize: '0.875rem' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={copy} aria-label={t('common.copy')} edge="end">
                <MdiIcon path={mdiContentCopy} />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
      onFocus={(event) => event.target.select()}
    />
  );
}
