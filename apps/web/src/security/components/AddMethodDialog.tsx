import { useTranslation } from 'react-i18next';
import type { MfaMethodKind } from '@cmp/contracts/identity';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
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
    <FormDialog open={kind !== undefined} title={kind === 'Email' ? t('user_security.add_email') : t('user_security.add_app')} maxWidth="xs" onClose={onClose}>
      {kind === 'Email' && <EmailCodesSetup onConfirmed={onAdded} />}
      {kind === 'AuthenticatorApp' && <AuthenticatorAppSetup onConfirmed={onAdded} />}
    </FormDialog>
  );
}
