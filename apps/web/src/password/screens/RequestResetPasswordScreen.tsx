import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { BackToSignInLink } from '../../platform/ui/BackToSignInLink';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { UsernameField } from '../../platform/ui/UsernameField';
import { requestResetPassword } from '../api/passwordOperations';

/** /reset-password, spec §4 Password reset "request link" → "e-mail sent". */
export function RequestResetPasswordScreen() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<string>();
  const sentRef = useRef<HTMLDivElement>(null);

  // The form is replaced by the message: focus moves to it so nobody is left on a vanished button.
  useEffect(() => {
    if (isSent) sentRef.current?.focus();
  }, [isSent]);

  const request = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || isSending) return;
    setIsSending(true);
    setError(undefined);
    try {
      await requestResetPassword({ username: name });
      setIsSent(true);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setIsSending(false);
    }
  };

  if (isSent) {
    return (
      <PlainPageCard title={t('routes.reset_password')}>
        {/* Never says whether the user exists (spec §7 RequestResetPassword). */}
        <Alert severity="success" role="status" ref={sentRef} tabIndex={-1} sx={{ mt: 1 }}>
          {t('reset_password.sent')}
        </Alert>
        <BackToSignInLink />
      </PlainPageCard>
    );
  }

  return (
    <PlainPageCard title={t('routes.reset_password')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('reset_password.request_intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={request}>
        <Stack spacing={2}>
          {error && <Alert severity="error" role="alert">{error}</Alert>}
          <UsernameField
            id="reset-password-username"
            value={username}
            onChange={(value) => {
              setUsername(value);
              setError(undefined);
            }}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={!username.trim() || isSending} loading={isSending}>
            {t('reset_password.submit')}
          </Button>
        </Stack>
      </Box>
      <BackToSignInLink />
    </PlainPageCard>
  );
}
