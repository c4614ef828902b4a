import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { MfaMethod } from '@cmp/contracts/identity';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';

interface RenameMethodDialogProps {
  method: MfaMethod | undefined;
  onRename: (method: MfaMethod, newName: string) => Promise<void>;
  onClose: () => void;
}

export function RenameMethodDialog({ method, onRename, onClose }: RenameMethodDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const newName = name.trim();

  // Each method opens with its own name; closed, the field keeps its text while the dialog fades out.
  useEffect(() => {
    if (method) setName(method.Name);
  }, [method]);

  const save = async () => {
    if (!method) return;
    setIsSaving(true);
    try {
      await onRename(method, newName);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <FormDialog
      open={method !== undefined}
      title={t('user_security.rename_title')}
      maxWidth="xs"
      isBusy={isSaving}
      isSubmitDisabled={!newName || newName === method?.Name}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextField
        label={t('common.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoFocus
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
    </FormDialog>
  );
}
