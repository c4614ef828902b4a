import { useState, type HTMLAttributes, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountType } from '@cmp/contracts/accounts';
import { ACCOUNT_ICON_BY_TYPE, ACCOUNT_SEARCH_MIN_LENGTH } from '@cmp/contracts/search';
import { MdiIcon } from '../../../platform/ui/MdiIcon';
import { accountIconPath } from '../../../platform/ui/accountIconPath';
import { useAccountOptions } from '../hooks/useAccountOptions';

export interface PickedAccount {
  AccountId: number;
  DisplayName: string;
  AccountType: AccountType;
}

interface AccountPickerProps {
  id: string;
  label: string;
  helperText?: string;
  error?: boolean;
  /** One account (move) or several (terminate). */
  multiple?: boolean;
  value: PickedAccount[];
  onChange: (accounts: PickedAccount[]) => void;
  disabled?: boolean;
}

const iconOf = (type: AccountType) => accountIconPath(ACCOUNT_ICON_BY_TYPE[type]);

/** Finds accounts of the caller's hierarchy by name (the portal's account search, spec §5 minimum length). */
export function AccountPicker({ id, label, helperText, error, multiple = false, value, onChange, disabled }: AccountPickerProps) {
  const { t } = useTranslation();
  const [inputValue, setInputValue] = useState('');
  const options = useAccountOptions(inputValue);
  const found: PickedAccount[] = (options.data ?? [])
    .filter((account) => account.AccountState !== 'Terminated')
    .map((account) => ({ AccountId: account.AccountId, DisplayName: account.DisplayName, AccountType: account.AccountType }));
  const noOptionsText = options.isSearchable ? t('account_lifecycle.picker_no_match') : t('account_lifecycle.picker_min_length', { length: ACCOUNT_SEARCH_MIN_LENGTH });

  const shared = {
    id,
    options: found,
    filterOptions: (list: PickedAccount[]) => list,
    getOptionLabel: (account: PickedAccount) => account.DisplayName,
    isOptionEqualToValue: (option: PickedAccount, picked: PickedAccount) => option.AccountId === picked.AccountId,
    // The input stays the Autocomplete's own (it shows the chosen account's name); the text only drives the search.
    onInputChange: (_event: unknown, text: string) => setInputValue(text),
    loading: options.isSearchable && (options.isFetching || options.isSettling),
    loadingText: t('common.loading'),
    noOptionsText,
    disabled,
    renderOption: (props: HTMLAttributes<HTMLLIElement> & { key: Key }, account: PickedAccount) => {
      const { key, ...rest } = props;
      return (
        <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <MdiIcon path={iconOf(account.AccountType)} fontSize="small" />
          <span>{account.DisplayName}</span>
          <Typography component="span" variant="body2" color="text.secondary">
            {t(`account_lifecycle.type_${account.AccountType}`)}
          </Typography>
        </Box>
      );
    },
    renderInput: (params: object) => <TextField {...params} label={label} helperText={helperText} error={error} />,
  };

  return multiple ? (
    <Autocomplete<PickedAccount, true> {...shared} multiple value={value} onChange={(_event, picked: PickedAccount[]) => onChange(picked)} />
  ) : (
    <Autocomplete<PickedAccount, false>
      {...shared}
      value={value[0] ?? null}
      onChange={(_event, picked: PickedAccount | null) => onChange(picked ? [picked] : [])}
    />
  );
}
