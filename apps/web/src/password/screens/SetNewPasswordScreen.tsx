import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { LOGIN_PATH, RESET_PASSWORD_PATH } from '../../platform/navigation/appPaths';
import { BackToSignInLink } from '../../platform/ui/BackToSignInLink';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { resetPassword } from '../api/passwordOperations';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useNewPasswordForm } from '../hooks/useNewPasswordForm';

/** /reset-password/{username}/{token}, spec §4 Password reset "set new password" → "changed". */
export function SetNewPasswordScreen() {
  const { t } = useTranslation();
  const { username = '', token = '' } = useParams();
  const form = useNewPasswordForm({ username, token });
  const [isSaving, setIsSaving] = useState(false);
  const [isChanged, setIsChanged] = useState(false);
  const [error, setError] = useState<string>();
  const changedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isChanged) changedRef.current?.focus();
  }, [isChanged]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.isReady || isSaving) return;
    setIsSaving(true);
    setError(undefined);
    try {
      await resetPassword({ username, newPassword: form.newPassword, token });
      form.clear();
      setIsChanged(true);
    } catch (failure) {
      // An expired or used link, or a password the server refused: its message, and a way to a new link.
      setError(failureText(failure));
    } finally {
      setIsSaving(false);
    }
  };

  if (isChanged) {
    return (
      <PlainPageCard title={t('routes.set_new_password')}>
        <Alert severity="success" role="status" ref={changedRef} tabIndex={-1} sx={{ my: 2 }}>
          {t('password.changed')}
        </Alert>
        <Button component={RouterLink} to={LOGIN_PATH} variant="contained" fullWidth>
          {t('login.sign_in')}
        </Button>
      </PlainPageCard>
    );
  }

  // A failed check of the rules with this link is shown like a failed save: the link is likely no longer valid.
  const linkError = error ?? (form.validation.status === 'error' ? form.validation.errorText : undefined);

  return (
    <PlainPageCard title={t('routes.set_new_password')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('reset_password.set_intro', { username })}
      </Typography>
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={2}>
          {linkError && (
            <Alert severity="error" role="alert">
              {linkError}{' '}
              <Link component={RouterLink} to={RESET_PASSWORD_PATH}>
                {t('reset_password.request_new_link')}
              </Link>
            </Alert>
          )}
          <NewPasswordFields form={form} onEdit={() => setError(undefined)} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={!form.isReady || isSaving} loading={isSaving}>
            {t('common.save')}
          </Button>
        </Stack>
      </Box>
      <BackToSignInLink />
    </PlainPageCard>
  );
}
