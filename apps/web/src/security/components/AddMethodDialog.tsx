import { useTranslation } from 'react-i18next';
import { mdiClose } from '@mdi/js';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { MfaMethodKind } from '@cmp/contracts/identity';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { AuthenticatorAppSetup } from './AuthenticatorAppSetup';
import { EmailCodesSetup } from './EmailCodesSetup';

interface AddMethodDialogProps {
  kind: MfaMethodKind | undefined;
  onAdded: () => Promise<void>;
  onClose: () => void;
}

/** The set-up of /setup-mfa, in a dialog on the user's security page. A click outside does not lose a half-done set-up. */
export function AddMethodDialog({ kind, onAdded, onClose }: AddMethodDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={kind !== undefined}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="add-method-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="add-method-title" sx={{ pr: 6 }}>
        {kind === 'Email' ? t('user_security.add_email') : t('user_security.add_app')}
      </DialogTitle>
      <IconButton onClick={onClose} aria-label={t('common.close')} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <MdiIcon path={mdiClose} />
      </IconButton>
      <DialogContent>
        {kind === 'Email' && <EmailCodesSetup onConfirmed={onAdded} />}
        {kind === 'AuthenticatorApp' && <AuthenticatorAppSetup onConfirmed={onAdded} />}
      </DialogContent>
    </Dialog>
  );
}
