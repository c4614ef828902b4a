import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';

interface SecurityCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  id: string;
  autoFocus?: boolean;
}

/**
 * The one-time code of a second factor: a numeric keyboard on phones and the code the browser or the
 * phone offers from an SMS or e-mail (autocomplete one-time-code). Spaces typed or pasted are dropped.
 */
export function SecurityCodeField({ value, onChange, inputRef, id, autoFocus = false }: SecurityCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('common.security_code')}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\s+/g, ''))}
      inputRef={inputRef}
      id={id}
      name="security-code"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 16, spellCheck: false, sx: { fontFamily: 'monospace', letterSpacing: '0.2em' } } }}
    />
  );
}
