import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { failureText } from '../../platform/api/failureText';
import { SecurityCodeField } from '../../platform/ui/SecurityCodeField';
import { confirmAuthenticationMethod } from '../api/mfaMethodOperations';

interface ConfirmMethodStepProps {
  methodId: number;
  onConfirmed: () => void | Promise<void>;
}

/** The last set-up step of spec §4 "MFA methods": the first code enables the method. */
export function ConfirmMethodStep({ methodId, onConfirmed }: ConfirmMethodStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [isConfirming, setIsConfirming] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  // The button that led here is gone: focus goes to what the user does next, not to the page
  // behind the dialog (WCAG 2.4.3), and Escape keeps closing the dialog.
  useEffect(() => codeRef.current?.focus(), []);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || isConfirming) return;
    setIsConfirming(true);
    setError(undefined);
    try {
      await confirmAuthenticationMethod(methodId, code);
      await onConfirmed();
    } catch (failure) {
      setError(failureText(failure));
      setCode('');
      codeRef.current?.focus();
    } finally {
      setIsConfirming(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={confirm}>
      <Stack spacing={2}>
        {error && <Alert severity="error" role="alert">{error}</Alert>}
        <SecurityCodeField
          id={`confirm-method-${methodId}-code`}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          inputRef={codeRef}
          // It replaces the button that started the set-up: focus follows to what the user does next
          // (else it falls to the page, and Escape no longer reaches the dialog).
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={!code || isConfirming} loading={isConfirming}>
          {t('mfa.confirm')}
        </Button>
      </Stack>
    </Box>
  );
}
