import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PossibleParent } from '@cmp/contracts/accountLifecycle';
import { failureText } from '../../../platform/api/failureText';
import { LoadingIndicator } from '../../../platform/ui/LoadingIndicator';
import { usePossibleParents } from '../hooks/usePossibleParents';

interface ParentChoiceProps {
  accountId: number;
  value: PossibleParent | null;
  onChange: (parent: PossibleParent) => void;
  errorText?: string;
}

/** spec §5 "Moving an account is only possible where the hierarchy offers a valid parent": only those are offered. */
export function ParentChoice({ accountId, value, onChange, errorText }: ParentChoiceProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [searchText, setSearchText] = useState('');
  const query = usePossibleParents(accountId, searchText);
  const parents = query.data?.pages.flatMap((page) => page.Items) ?? [];
  const total = query.data?.pages[0]?.TotalCount ?? 0;

  return (
    <Stack spacing={2}>
      <TextField
        label={t('account_lifecycle.parent_search')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        type="search"
        id="move-parent-search"
        sx={{ maxWidth: 420 }}
      />
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.isSuccess && parents.length === 0 && (
        <Alert severity="info">{searchText.trim() ? t('account_lifecycle.parent_no_match') : t('account_lifecycle.parent_none')}</Alert>
      )}
      {parents.length > 0 && (
        <FormControl error={Boolean(errorText)}>
          <FormLabel id={labelId}>{t('account_lifecycle.parent_label')}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={value ? String(value.AccountId) : ''}
            onChange={(event) => {
              const picked = parents.find((parent) => String(parent.AccountId) === event.target.value);
              if (picked) onChange(picked);
            }}
          >
            {parents.map((parent) => (
              <FormControlLabel
                key={parent.AccountId}
                value={String(parent.AccountId)}
                control={<Radio />}
                label={
                  <span>
                    {parent.DisplayName}{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {parent.ParentDisplayName
                        ? t('account_lifecycle.parent_option_under', { type: t(`account_lifecycle.type_${parent.AccountType}`), parent: parent.ParentDisplayName })
                        : t(`account_lifecycle.type_${parent.AccountType}`)}
                    </Typography>
                  </span>
                }
              />
            ))}
          </RadioGroup>
          {errorText && <FormHelperText>{errorText}</FormHelperText>}
        </FormControl>
      )}
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} sx={{ alignSelf: 'flex-start' }}>
          {t('account_lifecycle.load_more', { shown: parents.length, total })}
        </Button>
      )}
    </Stack>
  );
}
