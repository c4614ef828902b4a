import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { NewPasswordForm } from '../hooks/useNewPasswordForm';
import { PasswordRulesList } from './PasswordRulesList';

/** New password, its live rules and the confirmation, with "Passwords do not match" under it (spec §5). */
export function NewPasswordFields({ form, onEdit }: { form: NewPasswordForm; onEdit?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const rulesId = `${id}-rules`;
  const showsMismatch = form.confirmPassword !== '' && !form.doPasswordsMatch;

  return (
    <Stack spacing={2}>
      <TextField
        label={t('password.new_password')}
        type="password"
        value={form.newPassword}
        onChange={(event) => {
          form.setNewPassword(event.target.value);
          onEdit?.();
        }}
        autoComplete="new-password"
        fullWidth
        id={`${id}-new`}
        name="new-password"
        slotProps={{ htmlInput: { 'aria-describedby': rulesId } }}
      />
      <div id={rulesId}>
        <PasswordRulesList validation={form.validation} />
      </div>
      <TextField
        label={t('password.confirm_password')}
        type="password"
        value={form.confirmPassword}
        onChange={(event) => {
          form.setConfirmPassword(event.target.value);
          onEdit?.();
        }}
        autoComplete="new-password"
        fullWidth
        id={`${id}-confirm`}
        name="confirm-password"
        error={showsMismatch}
        helperText={showsMismatch ? t('password.mismatch') : undefined}
      />
    </Stack>
  );
}
