import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SetupAuthenticationMethodResponse } from '@cmp/contracts/identity';
import { failureText } from '../../platform/api/failureText';
import { setupAuthenticationMethod } from '../api/mfaMethodOperations';
import { ConfirmMethodStep } from './ConfirmMethodStep';
import { MethodNameStep } from './MethodNameStep';

/** Setting up codes by e-mail: name, a code mailed to the user's address, then that code (spec §4 MFA methods). */
export function EmailCodesSetup({ onConfirmed }: { onConfirmed: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<{ response: SetupAuthenticationMethodResponse; name: string }>();
  const [isResending, setIsResending] = useState(false);
  const [error, setError] = useState<string>();

  if (!setup) {
    return <MethodNameStep kind="Email" submitLabel={t('mfa_sign_in.send_code')} onSetUp={(response, name) => setSetup({ response, name })} />;
  }

  // A new code comes with a new pending method; the unconfirmed one is left to expire on the server.
  const sendNewCode = async () => {
    setIsResending(true);
    setError(undefined);
    try {
      const response = await setupAuthenticationMethod('Email', setup.name);
      setSetup({ response, name: setup.name });
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setIsResending(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status">
        {t('mfa.code_sent_to', { sentTo: setup.response.SentTo ?? '' })}
      </Alert>
      {error && <Alert severity="error" role="alert">{error}</Alert>}
      <ConfirmMethodStep key={setup.response.AuthenticationMethodId} methodId={setup.response.AuthenticationMethodId} onConfirmed={onConfirmed} />
      <Button onClick={() => void sendNewCode()} loading={isResending} sx={{ alignSelf: 'flex-start' }}>
        {t('mfa.send_new_code')}
      </Button>
    </Stack>
  );
}
