import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';
import {
  saveSignInPolicy,
  signInPolicyQueryKey,
  useSignInPolicy,
  type LockoutSettings,
  type PasswordPolicySettings,
  type SignInPolicyOverview,
} from '../api/signInPolicyOperations';

interface SignInPolicyCardProps {
  accountId: number;
  canEdit: boolean;
}

/** An owner's password rules (spec §5 defaults) and lockout settings (Keycloak-like), per DESIGN.md's security baseline. */
export function SignInPolicyCard({ accountId, canEdit }: SignInPolicyCardProps) {
  const { t } = useTranslation();
  const query = useSignInPolicy(accountId);
  return (
    <QueryCard title={t('sign_in_policy.title')} intro={t('sign_in_policy.intro')} query={query}>
      {(overview) => <SignInPolicyForm key={query.dataUpdatedAt} overview={overview} accountId={accountId} canEdit={canEdit} />}
    </QueryCard>
  );
}

const PASSWORD_SWITCHES = ['requireDigit', 'requireSpecial', 'requireUppercase', 'requireLowercase', 'checkCompromised', 'checkPersonalInfo'] as const;
const PASSWORD_NUMBERS = [
  ['minLength', 8, 128],
  ['historyCount', 0, 24],
] as const;
const LOCKOUT_NUMBERS = [
  ['maxFailures', 3, 100],
  ['waitIncrementSeconds', 10, 3600],
  ['maxWaitSeconds', 10, 86_400],
  ['failureResetHours', 1, 168],
] as const;

function SignInPolicyForm({ overview, accountId, canEdit }: { overview: SignInPolicyOverview } & SignInPolicyCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState<PasswordPolicySettings>(overview.PasswordPolicy);
  const [lockout, setLockout] = useState<LockoutSettings>(overview.Lockout);
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const isChanged = JSON.stringify(password) !== JSON.stringify(overview.PasswordPolicy) || JSON.stringify(lockout) !== JSON.stringify(overview.Lockout);
  const { dialog, formRef } = useUnsavedChangesGuard({ isActive: canEdit, hasUnsavedChanges: isChanged });

  const outOfRange = (value: number, min: number, max: number) => !Number.isInteger(value) || value < min || value > max;
  const invalid = [
    ...PASSWORD_NUMBERS.filter(([name, min, max]) => outOfRange(password[name], min, max)).map(([name]) => name),
    ...LOCKOUT_NUMBERS.filter(([name, min, max]) => outOfRange(lockout[name], min, max)).map(([name]) => name),
    ...(lockout.maxWaitSeconds < lockout.waitIncrementSeconds ? ['maxWaitSeconds'] : []),
  ];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit || isSaving || invalid.length) return;
    setIsSaving(true);
    setError(undefined);
    try {
      await saveSignInPolicy(accountId, password, lockout);
      showMessage({ type: 'success', text: t('sign_in_policy.saved') });
      await queryClient.invalidateQueries({ queryKey: signInPolicyQueryKey(accountId) });
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setIsSaving(false);
    }
  };

  const numberField = (name: string, value: number, min: number, max: number, onChange: (n: number) => void) => (
    <TextField
      key={name}
      id={`sign-in-policy-${name}`}
      type="number"
      label={t(`sign_in_policy.${name}`)}
      value={Number.isNaN(value) ? '' : value}
      onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      error={invalid.includes(name)}
      helperText={invalid.includes(name) ? t('sign_in_policy.range', { min, max }) : ' '}
      slotProps={{ htmlInput: { min, max, readOnly: !canEdit } }}
      sx={{ width: 260 }}
    />
  );

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={save}>
      <Stack spacing={2}>
        {overview.InheritedFrom && !overview.IsOwnPolicy && (
          <Alert severity="info">{t('sign_in_policy.inherited', { account: overview.InheritedFrom.DisplayName })}</Alert>
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Typography component="h3" variant="subtitle1">
          {t('sign_in_policy.password_heading')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {PASSWORD_NUMBERS.map(([name, min, max]) => numberField(name, password[name], min, max, (n) => setPassword((p) => ({ ...p, [name]: n }))))}
        </Stack>
        <Stack>
          {PASSWORD_SWITCHES.map((name) => (
            <FormControlLabel
              key={name}
              control={<Switch checked={password[name]} disabled={!canEdit} onChange={(e) => setPassword((p) => ({ ...p, [name]: e.target.checked }))} />}
              label={t(`sign_in_policy.${name}`)}
            />
          ))}
        </Stack>
        <Typography component="h3" variant="subtitle1">
          {t('sign_in_policy.lockout_heading')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {LOCKOUT_NUMBERS.map(([name, min, max]) => numberField(name, lockout[name], min, max, (n) => setLockout((l) => ({ ...l, [name]: n }))))}
        </Stack>
        {canEdit ? (
          <Button type="submit" variant="contained" disabled={isSaving || invalid.length > 0} loading={isSaving} sx={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('account_security.read_only')}
          </Typography>
        )}
      </Stack>
      {dialog}
    </Box>
  );
}
