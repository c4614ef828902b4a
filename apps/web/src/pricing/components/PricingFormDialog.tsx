import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

interface PricingFormDialogProps {
  open: boolean;
  title: string;
  /** The server's refusal, shown above the fields. */
  serverError: string | undefined;
  isSaving: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the pricelist and rule forms: title, the server's refusal, the fields, Cancel and the submit button. */
export function PricingFormDialog({ open, title, serverError, isSaving, submitLabel, onSubmit, onClose, children }: PricingFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // A stray click outside must not throw away what was typed; Esc and Cancel still close.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {serverError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSaving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSaving}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
