import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';

interface UsernameFieldProps {
  value: string;
  onChange: (value: string) => void;
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}

/** "Username" as every sign-in form asks for it: the browser's saved username, no capitals or spell check forced on it. */
export function UsernameField({ value, onChange, id, inputRef, autoFocus = false }: UsernameFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('login.username')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      inputRef={inputRef}
      autoComplete="username"
      autoFocus={autoFocus}
      fullWidth
      id={id}
      name="username"
      slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}
