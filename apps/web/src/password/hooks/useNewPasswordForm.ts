import { useState } from 'react';
import { usePasswordValidation, type PasswordValidation } from './usePasswordValidation';

export interface NewPasswordForm {
  newPassword: string;
  setNewPassword: (value: string) => void;
  confirmPassword: string;
  setConfirmPassword: (value: string) => void;
  validation: PasswordValidation;
  /** spec §5 "Confirm password must match". */
  doPasswordsMatch: boolean;
  /** The server accepted the new password and the confirmation matches it. */
  isReady: boolean;
  clear: () => void;
}

/** The new password and its confirmation, checked live against the rules (reset and change password). */
export function useNewPasswordForm(context: { username?: string; token?: string } = {}): NewPasswordForm {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const validation = usePasswordValidation(newPassword, context);
  const doPasswordsMatch = newPassword === confirmPassword;

  return {
    newPassword,
    setNewPassword,
    confirmPassword,
    setConfirmPassword,
    validation,
    doPasswordsMatch,
    isReady: validation.isValid && doPasswordsMatch,
    clear: () => {
      setNewPassword('');
      setConfirmPassword('');
    },
  };
}
