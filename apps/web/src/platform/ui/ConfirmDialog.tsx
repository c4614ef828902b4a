import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** spec §9 "Confirm dialog width 400". */
export const CONFIRM_DIALOG_WIDTH = 400;

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** spec §8 "Confirm dialog default buttons: No and Yes, do it". */
  agreeLabel?: string;
  rejectLabel?: string;
  /** The agreed action is running (a dialog that does not close on agree shows it on its button). */
  isAgreeing?: boolean;
  /** Paper width; 400 by default (spec §9), 450 for the unsaved-changes dialog. */
  width?: number;
  onAgree: () => void;
  onReject: () => void;
}

/**
 * spec §4 Confirm dialog: agree and reject buttons; Esc rejects; a click outside does not close it.
 * An alert dialog, so screen readers read the question at once.
 */
export function ConfirmDialog({ open, title, message, agreeLabel, rejectLabel, isAgreeing = false, width = CONFIRM_DIALOG_WIDTH, onAgree, onReject }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();

  return (
    <Dialog
      open={open}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onReject();
      }}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onReject} disabled={isAgreeing}>
          {rejectLabel ?? t('common.no')}
        </Button>
        <Button onClick={onAgree} variant="contained" loading={isAgreeing} autoFocus>
          {agreeLabel ?? t('common.yes_do_it')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
