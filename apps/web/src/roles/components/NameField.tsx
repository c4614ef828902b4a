import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { ROLE_NAME_MAX_LENGTH } from '@cmp/contracts/roles';

/** The contract's rule for the name of a role or a capability set (required, at most 100 characters), as the field's message. */
export function nameError(t: TFunction, name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return t('roles.name_required');
  return trimmed.length > ROLE_NAME_MAX_LENGTH ? t('roles.name_too_long', { max: ROLE_NAME_MAX_LENGTH }) : undefined;
}

/** The name field of the role and capability set dialogs; its message shows once the user tried to save. */
export function NameField({ value, onChange, isSubmitted }: { value: string; onChange: (value: string) => void; isSubmitted: boolean }) {
  const { t } = useTranslation();
  const error = isSubmitted ? nameError(t, value) : undefined;
  return <TextField autoFocus required fullWidth label={t('roles.column_name')} value={value} onChange={(event) => onChange(event.target.value)} error={error !== undefined} helperText={error} />;
}
