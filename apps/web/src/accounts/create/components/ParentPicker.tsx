import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AccountType } from '@cmp/contracts/accounts';
import { ACCOUNT_SEARCH_MIN_LENGTH, type AccountSearchResult } from '@cmp/contracts/search';
import { callOperation } from '../../../platform/api/callOperation';

export interface ParentOption {
  AccountId: number;
  DisplayName: string;
  AccountType: AccountType;
}

interface ParentPickerProps {
  value: ParentOption | null;
  onChange: (parent: ParentOption | null) => void;
  /** Only accounts of these types may be the parent (the hierarchy rules). */
  allowedTypes: AccountType[];
  error?: string;
}

/**
 * Picks the parent of the new account among the accounts the caller sees (the global search,
 * spec §5: at least {length} characters), limited to the types the hierarchy allows.
 */
export function ParentPicker({ value, onChange, allowedTypes, error }: ParentPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<ParentOption[]>([]);
  const [isLoading, setIsLoading] = useState(false);
  const allowed = allowedTypes.join(',');

  useEffect(() => {
    const text = input.trim();
    if (text.length < ACCOUNT_SEARCH_MIN_LENGTH || text === value?.DisplayName) return undefined;
    const controller = new AbortController();
    // spec §9: searches are debounced 300 ms; the previous one is cancelled.
    const timer = setTimeout(() => {
      setIsLoading(true);
      callOperation<AccountSearchResult[]>('IAccountService', 'Search', { searchString: text, includeDepartment: true }, { signal: controller.signal, suppressErrorToast: true })
        .then((results) => setOptions(results.filter((r) => r.AccountState !== 'Terminated' && allowed.split(',').includes(r.AccountType))))
        .catch(() => setOptions([]))
        .finally(() => setIsLoading(false));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, allowed, value?.DisplayName]);

  return (
    <Autocomplete
      options={options}
      value={value}
      loading={isLoading}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.DisplayName}
      isOptionEqualToValue={(option, current) => option.AccountId === current.AccountId}
      onChange={(_event, option) => onChange(option)}
      onInputChange={(_event, text) => setInput(text)}
      noOptionsText={t('account_view.create.parent_search_hint', { length: ACCOUNT_SEARCH_MIN_LENGTH })}
      loadingText={t('common.loading')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {option.DisplayName} · {t(`account_view.type.${option.AccountType}`)}
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} required label={t('account_view.create.parent')} error={Boolean(error)} helperText={error ?? t('account_view.create.parent_help')} />}
    />
  );
}
