import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { QueryCard } from '../../platform/ui/QueryCard';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { ipRestrictionsQueryKey, saveIpRestrictions, useIpRestrictions, type IpRestrictions, type IpRestrictionsOverview } from '../api/ipRestrictionOperations';
import { entriesOf, isAddressExcluded } from '../utils/isAddressExcluded';

interface IpRestrictionsCardProps {
  accountId: number;
  canSave: boolean;
}

/** spec §6 "Allow/deny lists restrict access by IP", §5 their format and the "Invalid IP range" error. */
export function IpRestrictionsCard({ accountId, canSave }: IpRestrictionsCardProps) {
  const { t } = useTranslation();
  const query = useIpRestrictions(accountId);
  return (
    <QueryCard title={t('account_security.ip_title')} intro={t('account_security.ip_intro')} query={query}>
      {(overview) => <IpRestrictionsForm key={query.dataUpdatedAt} overview={overview} accountId={accountId} canSave={canSave} />}
    </QueryCard>
  );
}

type ListName = keyof IpRestrictions;

function IpRestrictionsForm({ overview, accountId, canSave }: { overview: IpRestrictionsOverview } & IpRestrictionsCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const [lists, setLists] = useState<IpRestrictions>(overview.Restrictions);
  const [fieldError, setFieldError] = useState<{ list: ListName; text: string }>();
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const isChanged = lists.Allow !== overview.Restrictions.Allow || lists.Deny !== overview.Restrictions.Deny;
  const { dialog: unsavedChangesDialog, formRef } = useUnsavedChangesGuard({ isActive: canSave, hasUnsavedChanges: isChanged });

  const change = (list: ListName, value: string) => {
    setLists((current) => ({ ...current, [list]: value }));
    setFieldError(undefined);
    setError(undefined);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || isSaving) return;
    if (isAddressExcluded(overview.YourAddress, lists)) {
      const isConfirmed = await confirm({
        title: t('account_security.lockout_title'),
        message: t('account_security.lockout_message', { address: overview.YourAddress }),
      });
      if (!isConfirmed) return;
    }
    setIsSaving(true);
    try {
      await saveIpRestrictions(accountId, lists);
      showMessage({ type: 'success', text: t('account_security.ip_saved') });
      await queryClient.invalidateQueries({ queryKey: ipRestrictionsQueryKey(accountId) });
    } catch (failure) {
      const text = failureText(failure);
      // "Invalid IP range: <entry>" belongs to the list holding that entry.
      if (failure instanceof ApiError && failure.status === 400) setFieldError({ list: listNaming(text, lists), text });
      else setError(text);
    } finally {
      setIsSaving(false);
    }
  };

  const listField = (list: ListName, label: string) => (
    <TextField
      label={label}
      value={lists[list]}
      onChange={(event) => change(list, event.target.value)}
      multiline
      minRows={3}
      fullWidth
      id={`ip-restrictions-${list.toLowerCase()}`}
      error={fieldError?.list === list}
      helperText={fieldError?.list === list ? fieldError.text : t('account_security.ip_help')}
      slotProps={{ htmlInput: { readOnly: !canSave, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={save} ref={formRef}>
      <Stack spacing={2}>
        <Typography>{t('account_security.your_address', { address: overview.YourAddress })}</Typography>
        {error && <Alert severity="error" role="alert">{error}</Alert>}
        {listField('Allow', t('account_security.allow_list'))}
        {listField('Deny', t('account_security.deny_list'))}
        {overview.Inherited.length > 0 && <InheritedLists inherited={overview.Inherited} />}
        {canSave ? (
          <Button type="submit" variant="contained" disabled={!isChanged || isSaving} loading={isSaving} sx={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('account_security.read_only')}
          </Typography>
        )}
      </Stack>
      {dialog}
      {unsavedChangesDialog}
    </Box>
  );
}

function listNaming(message: string, lists: IpRestrictions): ListName {
  if (/\bDeny\b/.test(message)) return 'Deny';
  if (/\bAllow\b/.test(message)) return 'Allow';
  const entry = message.slice(message.lastIndexOf(':') + 1).trim();
  return entry && !entriesOf(lists.Allow).includes(entry) && entriesOf(lists.Deny).includes(entry) ? 'Deny' : 'Allow';
}

function InheritedLists({ inherited }: { inherited: IpRestrictionsOverview['Inherited'] }) {
  const { t } = useTranslation();
  const none = t('account_security.inherited_none');
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {t('account_security.inherited_title')}
      </Typography>
      <Box component="ul" sx={{ pl: 2, mt: 0.5 }}>
        {inherited.map((ancestor) => (
          <li key={ancestor.AccountId}>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {ancestor.DisplayName}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
              {t('account_security.inherited_allow', { list: ancestor.Allow.trim() || none })}
              <br />
              {t('account_security.inherited_deny', { list: ancestor.Deny.trim() || none })}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
