import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TERMINATION_REASON_MAX_LENGTH } from '@cmp/contracts/accountLifecycle';
import { failureText } from '../../../platform/api/failureText';
import { formatDateTime } from '../../../platform/dates/formatDateTime';
import { showMessage } from '../../../platform/messages/messageStore';
import { LoadingIndicator } from '../../../platform/ui/LoadingIndicator';
import { useConfirmDialog } from '../../../platform/ui/useConfirmDialog';
import { TERMINATION_QUERY_KEY, terminateAccounts } from '../api/terminationOperations';
import { useTerminationPreview } from '../hooks/useTerminationQueries';
import { localInputToIso, minimumLocalInput } from '../utils/terminationDate';
import { AccountPicker, type PickedAccount } from './AccountPicker';
import { TerminationPreviewList } from './TerminationPreviewList';

interface TerminationFormProps {
  accountIds: number[];
  onAccountIdsChange: (accountIds: number[]) => void;
}

type Timing = 'now' | 'scheduled';

const FIELD_IDS = {
  accounts: 'terminate-accounts',
  date: 'terminate-date',
  reason: 'terminate-reason',
  irreversible: 'terminate-irreversible',
  autoRenew: 'terminate-auto-renew',
} as const;

/**
 * spec §4 Termination and §5: one or many accounts, now or at a date and time, a reason, the
 * irreversible acknowledgement and — when prepaid subscriptions are involved — the auto-renew one;
 * disabled without read or delete permission; confirmed before it is sent.
 */
export function TerminationForm({ accountIds, onAccountIdsChange }: TerminationFormProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const [timing, setTiming] = useState<Timing>('now');
  const [dateInput, setDateInput] = useState('');
  const [reason, setReason] = useState('');
  const [isIrreversibleAcknowledged, setIrreversibleAcknowledged] = useState(false);
  const [isAutoRenewAcknowledged, setAutoRenewAcknowledged] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const [isSending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string>();

  const terminationDate = timing === 'scheduled' ? localInputToIso(dateInput) : null;
  const preview = useTerminationPreview(accountIds, terminationDate);
  const accounts = preview.data?.Accounts.filter((account) => accountIds.includes(account.AccountId)) ?? [];
  const hasPrepaid = accounts.some((account) => account.PrepaidSubscriptions.length > 0);
  const isForbidden = accounts.some((account) => !account.MayTerminate);
  const isRefused = accounts.some((account) => account.LockedSubscriptions.length > 0 || account.AccountState === 'Terminated');
  const picked: PickedAccount[] = accountIds.map((id) => {
    const known = accounts.find((account) => account.AccountId === id);
    return { AccountId: id, DisplayName: known?.DisplayName ?? `#${id}`, AccountType: known?.AccountType ?? 'Company' };
  });

  const errors = {
    accounts: accountIds.length ? undefined : t('account_lifecycle.accounts_required'),
    date:
      timing !== 'scheduled'
        ? undefined
        : !terminationDate
          ? t('account_lifecycle.date_required')
          : new Date(terminationDate) <= new Date()
            ? t('account_lifecycle.date_in_past')
            : undefined,
    reason: reason.trim() ? undefined : t('account_lifecycle.reason_required'),
    irreversible: isIrreversibleAcknowledged ? undefined : t('account_lifecycle.irreversible_required'),
    autoRenew: !hasPrepaid || isAutoRenewAcknowledged ? undefined : t('account_lifecycle.auto_renew_required'),
  };
  const shown = (error: string | undefined) => (isSubmitted ? error : undefined);
  const change = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setServerError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    // Keyboard and screen-reader users land on the first field that needs them.
    const firstInvalid = (['accounts', 'date', 'reason', 'irreversible', 'autoRenew'] as const).find((field) => errors[field]);
    if (firstInvalid) {
      document.getElementById(FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    if (isForbidden || isRefused || preview.isPending) return;
    const count = accounts.reduce((sum, account) => sum + account.SubtreeSize, 0);
    const isConfirmed = await confirm({
      title: t('account_lifecycle.terminate_confirm_title'),
      message: terminationDate
        ? t('account_lifecycle.terminate_confirm_scheduled', { count, date: formatDateTime(terminationDate, i18n.language) })
        : t('account_lifecycle.terminate_confirm_now', { count }),
      agreeLabel: terminationDate ? t('account_lifecycle.schedule_submit') : t('account_lifecycle.terminate_submit'),
    });
    if (!isConfirmed) return;
    setSending(true);
    try {
      const result = await terminateAccounts({ accountIds, terminationDate, reason: reason.trim(), isIrreversibleAcknowledged, isAutoRenewAcknowledged: hasPrepaid && isAutoRenewAcknowledged });
      const names = result.Terminations.map((termination) => termination.DisplayName).join(', ');
      showMessage({
        type: 'success',
        text: terminationDate ? t('account_lifecycle.scheduled_done', { names, date: formatDateTime(terminationDate, i18n.language) }) : t('account_lifecycle.terminated_done', { names }),
      });
      await queryClient.invalidateQueries({ queryKey: TERMINATION_QUERY_KEY });
      setReason('');
      setTiming('now');
      setDateInput('');
      setIrreversibleAcknowledged(false);
      setAutoRenewAcknowledged(false);
      setSubmitted(false);
      onAccountIdsChange([]);
    } catch (failure) {
      setServerError(failureText(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('account_lifecycle.terminate_form_label')}>
      <Stack spacing={3}>
        <AccountPicker
          id={FIELD_IDS.accounts}
          multiple
          label={t('account_lifecycle.accounts_label')}
          helperText={shown(errors.accounts) ?? t('account_lifecycle.accounts_help')}
          error={Boolean(shown(errors.accounts))}
          value={picked}
          onChange={(next) => onAccountIdsChange(next.map((account) => account.AccountId))}
          disabled={isSending}
        />
        {accountIds.length > 0 && preview.isPending && <LoadingIndicator />}
        {preview.isError && <Alert severity="error">{failureText(preview.error)}</Alert>}
        {accounts.length > 0 && <TerminationPreviewList accounts={accounts} />}

        <FormControl>
          <FormLabel id="terminate-timing-label">{t('account_lifecycle.timing_label')}</FormLabel>
          <RadioGroup row aria-labelledby="terminate-timing-label" value={timing} onChange={(event) => change(setTiming)(event.target.value as Timing)}>
            <FormControlLabel value="now" control={<Radio />} label={t('account_lifecycle.timing_now')} />
            <FormControlLabel value="scheduled" control={<Radio />} label={t('account_lifecycle.timing_scheduled')} />
          </RadioGroup>
        </FormControl>
        {timing === 'scheduled' && (
          <TextField
            id={FIELD_IDS.date}
            type="datetime-local"
            label={t('account_lifecycle.date_label')}
            value={dateInput}
            onChange={(event) => change(setDateInput)(event.target.value)}
            error={Boolean(shown(errors.date))}
            helperText={shown(errors.date) ?? t('account_lifecycle.date_help')}
            required
            sx={{ maxWidth: 320 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minimumLocalInput() } }}
          />
        )}
        <TextField
          id={FIELD_IDS.reason}
          label={t('account_lifecycle.reason_label')}
          value={reason}
          onChange={(event) => change(setReason)(event.target.value)}
          error={Boolean(shown(errors.reason))}
          helperText={shown(errors.reason) ?? t('account_lifecycle.reason_help')}
          required
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: TERMINATION_REASON_MAX_LENGTH } }}
        />
        <Acknowledgement
          id={FIELD_IDS.irreversible}
          label={t('account_lifecycle.irreversible_label')}
          checked={isIrreversibleAcknowledged}
          onChange={change(setIrreversibleAcknowledged)}
          error={shown(errors.irreversible)}
        />
        {hasPrepaid && (
          <Acknowledgement
            id={FIELD_IDS.autoRenew}
            label={t('account_lifecycle.auto_renew_label')}
            checked={isAutoRenewAcknowledged}
            onChange={change(setAutoRenewAcknowledged)}
            error={shown(errors.autoRenew)}
          />
        )}
        {isForbidden && <Alert severity="warning">{t('account_lifecycle.submit_not_permitted')}</Alert>}
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        )}
        <Button type="submit" variant="contained" color="error" disabled={isForbidden || isRefused || isSending} loading={isSending} sx={{ alignSelf: 'flex-start' }}>
          {timing === 'scheduled' ? t('account_lifecycle.schedule_submit') : t('account_lifecycle.terminate_submit')}
        </Button>
      </Stack>
      {dialog}
    </Box>
  );
}

function Acknowledgement({ id, label, checked, onChange, error }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; error?: string }) {
  return (
    <FormControl error={Boolean(error)}>
      <FormControlLabel
        control={<Checkbox id={id} checked={checked} onChange={(event) => onChange(event.target.checked)} slotProps={{ input: { 'aria-describedby': error ? `${id}-error` : undefined, 'aria-required': true } as object }} />}
        label={label}
      />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
