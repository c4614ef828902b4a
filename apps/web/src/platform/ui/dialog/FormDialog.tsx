import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { UnsavedChangesDialog } from '../useUnsavedChangesGuard';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** The dialog is a form: Enter or the submit button calls this. Left out, the dialog only shows something and has a Close button. */
  onSubmit?: () => void;
  submitLabel?: string;
  /** The button that closes without acting: "Cancel" for a form, "Close" otherwise; "Keep order" where "Cancel" would read as the action itself. */
  dismissLabel?: string;
  /** The server's refusal, shown above the fields. */
  serverError?: ReactNode;
  /** The submit is running: its button shows it, and nothing closes the dialog meanwhile. */
  isBusy?: boolean;
  isSubmitDisabled?: boolean;
  /** Closing (Esc, the dismiss button) asks first whether to throw away what was typed (spec §4 unsaved changes). */
  hasUnsavedChanges?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** More buttons, at the left of the dialog's actions (Resend, Download). */
  extraActions?: ReactNode;
  /** Replaces the dismiss and submit buttons (a dialog with its own steps). */
  actions?: ReactNode;
  /** The content's own padding is left out (a list that fills the dialog). */
  isContentFlush?: boolean;
  titleId?: string;
  describedBy?: string;
}

/**
 * The portal's one dialog frame (issue 32): a title that names it, the server's refusal above the
 * fields, Cancel and the submit button. A click outside never closes it (what was typed stays); Esc
 * closes the innermost dialog only (MUI answers Esc on the top modal) and, when there are unsaved
 * changes, asks first; while the submit runs nothing closes it.
 */
export function FormDialog({
  open,
  title,
  children,
  onClose,
  onSubmit,
  submitLabel,
  dismissLabel,
  serverError,
  isBusy = false,
  isSubmitDisabled = false,
  hasUnsavedChanges = false,
  maxWidth = 'sm',
  extraActions,
  actions,
  isContentFlush = false,
  titleId: givenTitleId,
  describedBy,
}: FormDialogProps) {
  const { t } = useTranslation();
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const [isAskingToDiscard, setIsAskingToDiscard] = useState(false);
  const isForm = onSubmit !== undefined;

  const requestClose = () => {
    if (isBusy) return;
    if (hasUnsavedChanges) setIsAskingToDiscard(true);
    else onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isBusy && !isSubmitDisabled) onSubmit?.();
  };

  const body = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={isContentFlush ? { p: 0 } : undefined}>
        {serverError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        {extraActions && <Box sx={{ mr: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>{extraActions}</Box>}
        {actions ?? (
          <>
            <Button onClick={requestClose} disabled={isBusy}>
              {dismissLabel ?? (isForm ? t('common.cancel') : t('common.close'))}
            </Button>
            {isForm && (
              <Button type="submit" variant="contained" loading={isBusy} disabled={isSubmitDisabled}>
                {submitLabel ?? t('common.save')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </>
  );

  return (
    <>
      <Dialog
        open={open}
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        fullWidth
        maxWidth={maxWidth}
        onClose={(_event, reason) => {
          if (reason !== 'backdropClick') requestClose();
        }}
      >
        {isForm ? (
          <form noValidate onSubmit={submit}>
            {body}
          </form>
        ) : (
          body
        )}
      </Dialog>
      <UnsavedChangesDialog
        open={isAskingToDiscard}
        onContinue={() => setIsAskingToDiscard(false)}
        onDiscard={() => {
          setIsAskingToDiscard(false);
          onClose();
        }}
      />
    </>
  );
}
