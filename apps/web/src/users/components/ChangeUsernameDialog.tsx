import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { usernameSchema, type UserListItem } from '@cmp/contracts/users';

interface ChangeUsernameDialogProps {
  user: UserListItem | undefined;
  /** Resolves with the server's refusal text (shown on the field), or undefined when the change went through. */
  onSubmit: (user: UserListItem, newUsername: string) => Promise<string | undefined>;
  onClose: () => void;
}

/** Asks for the new username; the contract's rule checks it first, the server's uniqueness check after. */
export function ChangeUsernameDialog({ user, onSubmit, onClose }: ChangeUsernameDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    setValue(user?.Username ?? '');
    setError(undefined);
  }, [user]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
    <Dialog open={user !== undefined} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('users.change_username_title', { name: user?.DisplayName ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('users.change_username_intro')}</DialogContentText>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSaving}>
            {t('users.change_username_submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
