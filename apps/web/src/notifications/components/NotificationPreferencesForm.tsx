import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import {
  NOTIFICATION_EVENTS,
  REMINDER_COMMITMENT_PERIODS,
  hasCommitmentPeriod,
  type NotificationPreferences,
  type ReminderCommitmentPeriod,
} from '@cmp/contracts/notifications';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { notificationPreferencesQueryKey, saveNotificationPreferences } from '../api/notificationOperations';

interface NotificationPreferencesFormProps {
  accountId: number;
  initial: NotificationPreferences;
  canSave: boolean;
}

/** The e-mails an account receives, and which commitments the renewal reminders cover (spec §5, §9). */
export function NotificationPreferencesForm({ accountId, initial, canSave }: NotificationPreferencesFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const eventsLabelId = useId();
  const periodsLabelId = useId();
  const periodsHelpId = useId();
  const [preferences, setPreferences] = useState(initial);
  const [periodError, setPeriodError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  const setPeriod = (period: ReminderCommitmentPeriod, isChecked: boolean) => {
    const periods = isChecked ? [...preferences.CommitmentPeriods, period] : preferences.CommitmentPeriods.filter((p) => p !== period);
    setPreferences({ ...preferences, CommitmentPeriods: REMINDER_COMMITMENT_PERIODS.filter((p) => periods.includes(p)) });
    setPeriodError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (!hasCommitmentPeriod(preferences)) {
      setPeriodError(t('notification_preferences.commitment_period_required'));
      return;
    }
    setIsSaving(true);
    try {
      await saveNotificationPreferences(accountId, preferences);
      showMessage({ type: 'success', text: t('common.changes_saved') });
      await queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryKey(accountId) });
    } catch (error) {
      setFormError(failureText(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={3} onSubmit={(event) => void submit(event)} noValidate>
      <FormControl component="fieldset" disabled={!canSave}>
        <FormLabel component="legend" id={eventsLabelId}>
          {t('notification_preferences.events_legend')}
        </FormLabel>
        <FormGroup>
          {NOTIFICATION_EVENTS.map((name) => (
            <FormControlLabel
              key={name}
              control={<Checkbox checked={preferences[name]} onChange={(event) => setPreferences({ ...preferences, [name]: event.target.checked })} />}
              label={t(`notification_preferences.event_${name}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormControl component="fieldset" disabled={!canSave} error={periodError !== undefined} required>
        <FormLabel component="legend" id={periodsLabelId}>
          {t('notification_preferences.periods_legend')}
        </FormLabel>
        <FormGroup row aria-describedby={periodsHelpId}>
          {REMINDER_COMMITMENT_PERIODS.map((period) => (
            <FormControlLabel
              key={period}
              control={<Checkbox checked={preferences.CommitmentPeriods.includes(period)} onChange={(event) => setPeriod(period, event.target.checked)} slotProps={{ input: { 'aria-describedby': periodsHelpId } }} />}
              label={t(`notification_preferences.period_${period}`)}
            />
          ))}
        </FormGroup>
        <FormHelperText id={periodsHelpId} role={periodError ? 'alert' : undefined}>
          {periodError ?? t('notification_preferences.periods_help')}
        </FormHelperText>
      </FormControl>
      {formError && <Alert severity="error">{formError}</Alert>}
      {canSave && (
        <div>
          <Button type="submit" variant="contained" loading={isSaving}>
            {t('common.save')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
