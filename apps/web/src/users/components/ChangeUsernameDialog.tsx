import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usernameSchema, type UserListItem } from '@cmp/contracts/users';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';

interface ChangeUsernameDialogProps {
  user: UserListItem | undefined;
  /** Resolves with the server's refusal text (shown on the field), or undefined when the change went through. */
  onSubmit: (user: UserListItem, newUsername: string) => Promise<string | undefined>;
  onClose: () => void;
}

/** Asks for the new username; the contract's rule checks it first, the server's uniqueness check after. */
export function ChangeUsernameDialog({ user, onSubmit, onClose }: ChangeUsernameDialogProps) {
  const { t } = useTranslation();
  const introId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    setValue(user?.Username ?? '');
    setError(undefined);
  }, [user]);

  const submit = async () => {
    if (!user) return;
    const parsed = usernameSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.code === 'too_small' ? t('users.username_required') : t('users.username_invalid'));
      return;
    }
    if (parsed.data === user.Username) {
      setError(t('users.username_unchanged'));
      return;
    }
    setIsSaving(true);
    setError(await onSubmit(user, parsed.data));
    setIsSaving(false);
  };

  return (
    <FormDialog
      open={user !== undefined}
      title={t('users.change_username_title', { name: user?.DisplayName ?? '' })}
      describedBy={introId}
      maxWidth="xs"
      submitLabel={t('users.change_username_submit')}
      isBusy={isSaving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography id={introId} color="text.secondary" sx={{ mb: 2 }}>
        {t('users.change_username_intro')}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        required
        label={t('users.new_username')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error !== undefined}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 100 } }}
      />
    </FormDialog>
  );
}
