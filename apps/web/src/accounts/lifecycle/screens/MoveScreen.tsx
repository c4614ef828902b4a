import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PossibleParent } from '@cmp/contracts/accountLifecycle';
import { failureText } from '../../../platform/api/failureText';
import { showMessage } from '../../../platform/messages/messageStore';
import { LoadingIndicator } from '../../../platform/ui/LoadingIndicator';
import { useConfirmDialog } from '../../../platform/ui/useConfirmDialog';
import { moveAccount } from '../api/moveOperations';
import { AccountPicker, type PickedAccount } from '../components/AccountPicker';
import { ParentChoice } from '../components/ParentChoice';
import { usePossibleParents } from '../hooks/usePossibleParents';
import { parseAccountIds } from '../utils/terminationDate';

/**
 * /move (issue 6): pick an account (prefilled from ?accountId=), pick a new parent among the valid
 * ones only, confirm, and go to the account once it and its subtree have moved.
 */
export function MoveScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [accountId] = parseAccountIds(searchParams.get('accountId'));
  const headingId = useId();

  const pickAccount = ([account]: PickedAccount[]) => setSearchParams(account ? { accountId: String(account.AccountId) } : {}, { replace: true });

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.move')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('account_lifecycle.move_intro')}
      </Typography>
      <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 3 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('account_lifecycle.move_account_title')}
        </Typography>
        <MoveForm key={accountId ?? 'none'} accountId={accountId} onPickAccount={pickAccount} />
      </Paper>
    </Box>
  );
}

function MoveForm({ accountId, onPickAccount }: { accountId: number | undefined; onPickAccount: (accounts: PickedAccount[]) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  // The account's own details come with its first page of parents.
  const sourceQuery = usePossibleParents(accountId, '');
  const source = sourceQuery.data?.pages[0]?.Account;
  const [parent, setParent] = useState<PossibleParent | null>(null);
  const [parentError, setParentError] = useState<string>();
  const [error, setError] = useState<string>();
  const [isMoving, setIsMoving] = useState(false);
  const newParentHeadingId = useId();

  const submit = async () => {
    if (!source) return;
    if (!parent) {
      setParentError(t('account_lifecycle.parent_required'));
      return;
    }
    const isConfirmed = await confirm({
      title: t('account_lifecycle.move_confirm_title'),
      message: t('account_lifecycle.move_confirm_message', { name: source.DisplayName, from: source.ParentDisplayName ?? '—', to: parent.DisplayName }),
      agreeLabel: t('account_lifecycle.move_submit'),
    });
    if (!isConfirmed) return;
    setIsMoving(true);
    setError(undefined);
    try {
      const moved = await moveAccount({ sourceAccountId: source.AccountId, newParentAccountId: parent.AccountId });
      await queryClient.invalidateQueries();
      showMessage({ type: 'success', text: t('account_lifecycle.move_done', { name: source.DisplayName, to: parent.DisplayName, count: moved.MovedAccountCount }) });
      await navigate(`/account/${moved.AccountId}`);
    } catch (failure) {
      setError(failureText(failure));
      setIsMoving(false);
    }
  };

  const picked: PickedAccount[] = source ? [{ AccountId: source.AccountId, DisplayName: source.DisplayName, AccountType: source.AccountType }] : [];
  return (
    <Stack spacing={3}>
      <AccountPicker
        id="move-account"
        label={t('account_lifecycle.account_label')}
        helperText={source?.ParentDisplayName ? t('account_lifecycle.current_parent', { parent: source.ParentDisplayName }) : t('account_lifecycle.account_help')}
        value={picked}
        onChange={onPickAccount}
        disabled={isMoving}
      />
      {accountId !== undefined && sourceQuery.isPending && <LoadingIndicator />}
      {sourceQuery.isError && <Alert severity="error">{failureText(sourceQuery.error)}</Alert>}
      {source && (
        <Box component="section" aria-labelledby={newParentHeadingId}>
          <Typography id={newParentHeadingId} variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 500 }}>
            {t('account_lifecycle.new_parent_title')}
          </Typography>
          <ParentChoice
            accountId={source.AccountId}
            value={parent}
            errorText={parentError}
            onChange={(next) => {
              setParent(next);
              setParentError(undefined);
              setError(undefined);
            }}
          />
        </Box>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {isMoving && (
        <Box role="status">
          <Typography variant="body2">{t('account_lifecycle.moving', { name: source?.DisplayName })}</Typography>
          <LinearProgress aria-label={t('account_lifecycle.moving', { name: source?.DisplayName })} />
        </Box>
      )}
      <Button variant="contained" onClick={() => void submit()} disabled={!source || isMoving} loading={isMoving} sx={{ alignSelf: 'flex-start' }}>
        {t('account_lifecycle.move_submit')}
      </Button>
      {dialog}
    </Stack>
  );
}
