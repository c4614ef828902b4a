import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { USER_STATUSES, type UserStatus } from '@cmp/contracts/users';

interface UserFiltersProps {
  text: string;
  status: UserStatus | '';
  onTextChange: (text: string) => void;
  onStatusChange: (status: UserStatus | '') => void;
}

/** Filters the list on the server: part of a name, username or e-mail address, and the status. */
export function UserFilters({ text, status, onTextChange, onStatusChange }: UserFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flex: 1 }}>
      <TextField size="small" type="search" label={t('users.filter_text')} value={text} onChange={(event) => onTextChange(event.target.value)} sx={{ minWidth: 280 }} />
      <TextField size="small" select label={t('users.filter_status')} value={status} onChange={(event) => onStatusChange(event.target.value as UserStatus | '')} sx={{ minWidth: 160 }}>
        <MenuItem value="">{t('users.status_all')}</MenuItem>
        {USER_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`users.status_${value}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
