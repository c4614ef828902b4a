import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { MfaMethod } from '@cmp/contracts/identity';

interface RenameMethodDialogProps {
  method: MfaMethod | undefined;
  onRename: (method: MfaMethod, newName: string) => Promise<void>;
  onClose: () => void;
}

export function RenameMethodDialog({ method, onRename, onClose }: RenameMethodDialogProps) {
  return (
    <Dialog open={method !== undefined} onClose={onClose} aria-labelledby="rename-method-title" fullWidth maxWidth="xs">
      {/* A fresh form per method, so the field starts with that method's name. */}
      {method && <RenameForm key={method.Id} method={method} onRename={onRename} onClose={onClose} />}
    </Dialog>
  );
}

function RenameForm({ method, onRename, onClose }: { method: MfaMethod } & Omit<RenameMethodDialogProps, 'method'>) {
  const { t } = useTranslation();
  const [name, setName] = useState(method.Name);
  const [isSaving, setIsSaving] = useState(false);
  const newName = name.trim();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!newName || isSaving) return;
    setIsSaving(true);
    try {
      await onRename(method, newName);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={save}>
      <DialogTitle id="rename-method-title">{t('user_security.rename_title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('common.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          fullWidth
          margin="dense"
          id="rename-method-name"
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!newName || newName === method.Name || isSaving} loading={isSaving}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
