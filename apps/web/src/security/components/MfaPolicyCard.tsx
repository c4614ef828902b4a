import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyMfaPolicy } from '@cmp/contracts/identity';
import { showMessage } from '../../platform/messages/messageStore';
import { QueryCard } from '../../platform/ui/QueryCard';
import { mfaPolicyQueryKey, saveMfaPolicy, useMfaPolicy, type MfaPolicyOverview } from '../api/mfaPolicyOperations';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';

interface MfaPolicyCardProps {
  accountId: number;
  canEdit: boolean;
}

/** spec §3 "MFA enforcement (account, hierarchy, excluded users)", §6 child-account restrictions. */
export function MfaPolicyCard({ accountId, canEdit }: MfaPolicyCardProps) {
  const { t } = useTranslation();
  const query = useMfaPolicy(accountId);
  return (
    <QueryCard title={t('account_security.policy_title')} intro={t('account_security.policy_intro')} query={query}>
      {(overview) => <MfaPolicyForm key={query.dataUpdatedAt} overview={overview} accountId={accountId} canEdit={canEdit} />}
    </QueryCard>
  );
}

type PolicyUser = MfaPolicyOverview['Users'][number];
type PolicySwitch = 'IsEnforced' | 'AppliesToHierarchy' | 'RestrictChildAccounts';

function MfaPolicyForm({ overview, accountId, canEdit }: { overview: MfaPolicyOverview } & MfaPolicyCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [policy, setPolicy] = useState<CompanyMfaPolicy>(overview.Policy);
  const [isSaving, setIsSaving] = useState(false);
  const comparable = (value: CompanyMfaPolicy) => JSON.stringify({ ...value, ExcludedUserIds: [...value.ExcludedUserIds].sort() });
  const isChanged = comparable(policy) !== comparable(overview.Policy);
  const { dialog, formRef } = useUnsavedChangesGuard({ isActive: canEdit, hasUnsavedChanges: isChanged });
  const excludedUsers = overview.Users.filter((user) => policy.ExcludedUserIds.includes(user.AccountId));
  const inherited = overview.InheritedFrom;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit || isSaving) return;
    setIsSaving(true);
    try {
      await saveMfaPolicy({ ...policy, AccountId: accountId });
      showMessage({ type: 'success', text: t('account_security.policy_saved') });
      await queryClient.invalidateQueries({ queryKey: mfaPolicyQueryKey(accountId) });
    } catch {
      // Shown as an error toast (spec §8).
    } finally {
      setIsSaving(false);
    }
  };

  const policySwitch = (field: PolicySwitch, label: string, isDisabled = false) => (
    <FormControlLabel
      control={<Switch checked={policy[field]} onChange={(event) => setPolicy((current) => ({ ...current, [field]: event.target.checked }))} />}
      label={label}
      disabled={!canEdit || isDisabled}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={save} ref={formRef}>
      <Stack spacing={1.5}>
        {inherited && (
          <Alert severity="info">
            {t(inherited.RestrictChildAccounts ? 'account_security.inherited_policy_restricted' : 'account_security.inherited_policy', { name: inherited.DisplayName })}
          </Alert>
        )}
        {policySwitch('IsEnforced', t('account_security.enforce'))}
        {/* The scope and exceptions only mean something while the policy is enforced. */}
        {policySwitch('AppliesToHierarchy', t('account_security.applies_to_hierarchy'), !policy.IsEnforced)}
        {policySwitch('RestrictChildAccounts', t('account_security.restrict_children'), !policy.IsEnforced)}
        <Autocomplete<PolicyUser, true>
          multiple
          options={overview.Users}
          value={excludedUsers}
          onChange={(_event, users) => setPolicy((current) => ({ ...current, ExcludedUserIds: users.map((user) => user.AccountId) }))}
          getOptionLabel={(user) => `${user.DisplayName} (${user.Username})`}
          isOptionEqualToValue={(option, value) => option.AccountId === value.AccountId}
          disabled={!canEdit || !policy.IsEnforced}
          id="mfa-policy-excluded-users"
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('account_security.excluded_users')}
              helperText={t('account_security.excluded_help')}
              // The hint stays readable while the field is off (WCAG 1.4.3): it explains why it is off.
              slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
            />
          )}
        />
        {canEdit ? (
          <Button type="submit" variant="contained" loading={isSaving} disabled={isSaving} sx={{ alignSelf: 'flex-start' }}>
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
