import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

interface DecisionDialogFrameProps {
  title: string;
  /** The server's refusal, shown above the fields. */
  serverError: string | undefined;
  isSaving: boolean;
  submitLabel: string;
  /** The button that closes without acting: "Keep order" where "Cancel" would read as the action itself. */
  dismissLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of a decision on orders: title, the server's refusal, what is decided, dismiss and the submit button. */
export function DecisionDialogFrame({ title, serverError, isSaving, submitLabel, dismissLabel, onSubmit, onClose, children }: DecisionDialogFrameProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // A stray click outside must not throw away a typed reason; Esc and the dismiss button still close.
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
            {dismissLabel}
          </Button>
          <Button type="submit" variant="contained" loading={isSaving}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
