import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { DASHBOARD_PATH } from '../../platform/navigation/appPaths';
import { useSessionUser } from '../../platform/session/currentUser';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { changeMyPassword } from '../api/passwordOperations';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useNewPasswordForm } from '../hooks/useNewPasswordForm';

/**
 * /change-password (spec §2 Profile menu "Change password", §7 ChangeMyPassword). Not while
 * impersonating: the password belongs to the impersonated person, who is not the one at the keyboard.
 */
export function ChangePasswordScreen() {
  const user = useSessionUser();
  if (user?.ImpersonatorAccountId != null) return <Navigate to="/" replace />;
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useNewPasswordForm();
  const [currentPassword, setCurrentPassword] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string>();
  const currentRef = useRef<HTMLInputElement>(null);

  // Back where the user came from; a page opened directly has no history in the portal.
  const leave = () => (location.key === 'default' ? navigate(DASHBOARD_PATH, { replace: true }) : navigate(-1));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword || !form.isReady || isSaving) return;
    setIsSaving(true);
    setError(undefined);
    try {
      await changeMyPassword({ currentPassword, newPassword: form.newPassword });
      showMessage({ type: 'success', text: t('password.changed'), name: 'password-changed' });
      leave();
    } catch (failure) {
      // "Password mismatch" (spec §8) names the current password: type it again.
      setError(failureText(failure));
      setCurrentPassword('');
      currentRef.current?.focus();
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <PlainPageCard title={t('routes.change_password')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('change_password.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={2}>
          {error && <Alert severity="error" role="alert">{error}</Alert>}
          <TextField
            label={t('password.current_password')}
            type="password"
            value={currentPassword}
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              setError(undefined);
            }}
            inputRef={currentRef}
            autoComplete="current-password"
            autoFocus
            fullWidth
            id="change-password-current"
            name="current-password"
          />
          <NewPasswordFields form={form} onEdit={() => setError(undefined)} />
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={leave}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!currentPassword || !form.isReady || isSaving} loading={isSaving}>
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </PlainPageCard>
  );
}
