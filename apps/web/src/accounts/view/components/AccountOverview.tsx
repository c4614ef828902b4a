import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiPencil } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ACCOUNT_CAPABILITY } from '@cmp/contracts/accounts';
import type { LayoutField, LayoutPage, LoadedAccount } from '@cmp/contracts/accountViews';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { failureText } from '../../../platform/api/failureText';
import { showMessage } from '../../../platform/messages/messageStore';
import { useSessionUser } from '../../../platform/session/currentUser';
import { LoadingIndicator } from '../../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../../platform/ui/MdiIcon';
import { useUnsavedChangesGuard } from '../../../platform/ui/useUnsavedChangesGuard';
import { loadedAccountQueryKey, updateAccount, useViewLayout } from '../api/accountViewOperations';
import { useMetadataEditor } from '../hooks/useMetadataEditor';
import { fieldKey, type FormValues } from '../../../platform/forms/fieldRules';
import { mergeProductLayout } from '../utils/mergeLayouts';
import { MetadataForm } from '../../../platform/forms/MetadataForm';

/** The overview tab: the account's layout as a read view with an Edit mode (accounts issue "Account view"). */
export function AccountOverview({ account }: { account: LoadedAccount }) {
  const isProduct = account.AccountType === 'Product';
  const baseQuery = useViewLayout(account.AccountType, isProduct ? 'Product' : account.AccountType, '');
  // A product without its own layout simply shows the base layout.
  const productQuery = useViewLayout('Product', 'Product', account.ProductName, isProduct && Boolean(account.ProductName));
  const pages = useMemo(() => (baseQuery.data ? mergeProductLayout(baseQuery.data.Pages, productQuery.data?.Pages) : undefined), [baseQuery.data, productQuery.data]);

  if (baseQuery.isError) return <Alert severity="error">{failureText(baseQuery.error)}</Alert>;
  if (!pages || (isProduct && productQuery.isPending && productQuery.fetchStatus !== 'idle')) return <LoadingIndicator />;
  return <AccountOverviewForm key={`${account.AccountId}`} account={account} pages={pages} />;
}

function initialValues(pages: LayoutPage[], account: LoadedAccount): FormValues {
  const values: FormValues = {};
  for (const field of pages.flatMap((p) => p.Containers.flatMap((c) => c.Fields))) values[fieldKey(field)] = account.Views[field.View]?.Values[field.Name] ?? null;
  return values;
}

function AccountOverviewForm({ account, pages }: { account: LoadedAccount; pages: LayoutPage[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessionUser = useSessionUser();
  const fields = useMemo(() => pages.flatMap((p) => p.Containers.flatMap((c) => c.Fields)), [pages]);
  const initial = useMemo(() => initialValues(pages, account), [pages, account]);
  const editor = useMetadataEditor({ fields, initial, accountType: account.AccountType, accountId: account.AccountId });
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const { dialog, formRef } = useUnsavedChangesGuard({ isActive: isEditing, hasUnsavedChanges: editor.isDirty });

  const capabilities = sessionUser?.Capability ?? [];
  const canEdit = account.AccountState !== 'Terminated' && isAllowed(capabilities, requirement(ACCOUNT_CAPABILITY[account.AccountType], ['Create']));
  const hasMfa = (sessionUser?.UserAuthenticationMethods.length ?? 0) > 0;
  const lockedReason = (field: LayoutField) => {
    // A subscription's quantity changes on its Service information tab, through the credit check (issue 30).
    if (account.AccountType === 'Product' && field.View === 'Product' && field.Name === 'Quantity') return t('account_view.quantity_on_subscription', { tab: t('routes.service_info') });
    if (field.ReadOnly || field.CreateOnly) return t('account_view.read_only');
    if (field.MfaProtected && !hasMfa) return t('account_view.needs_mfa');
    return undefined;
  };

  const startEditing = () => {
    editor.reset(initial);
    setSaveError(undefined);
    setIsEditing(true);
  };
  const cancel = () => {
    editor.reset(initial);
    setSaveError(undefined);
    setIsEditing(false);
  };
  const save = async () => {
    setSaveError(undefined);
    if (!editor.validateAll((field) => !lockedReason(field))) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const viewValues = editor.changes();
    if (!Object.keys(viewValues).length) {
      setIsEditing(false);
      return;
    }
    setIsSaving(true);
    try {
      await updateAccount(account.AccountId, viewValues);
      showMessage({ type: 'success', text: t('common.changes_saved') });
      setIsEditing(false);
      await queryClient.invalidateQueries({ queryKey: loadedAccountQueryKey(account.AccountId) });
    } catch (error) {
      setSaveError(failureText(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Box component="form" ref={formRef} noValidate aria-label={t('account_view.details')} onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <Stack spacing={2}>
        {account.AccountState === 'Terminated' && <Alert severity="info">{t('account_view.terminated_read_only')}</Alert>}
        {saveError && <Alert severity="error" role="alert">{saveError}</Alert>}
        <MetadataForm pages={pages} values={isEditing ? editor.values : initial} isEditing={isEditing} errors={editor.errors} onChange={editor.setValue} onBlur={editor.onBlur} lockedReason={lockedReason} />
        {canEdit && (
          <Stack direction="row" spacing={1}>
            {isEditing ? (
              <>
                {/* Keyed: reusing the Edit button's element as this submit button would let the click that opened editing submit the form. */}
                <Button key="save" type="submit" variant="contained" loading={isSaving}>
                  {t('common.save')}
                </Button>
                <Button variant="outlined" onClick={cancel} disabled={isSaving}>
                  {t('common.cancel')}
                </Button>
              </>
            ) : (
              <Button key="edit" variant="contained" startIcon={<MdiIcon path={mdiPencil} />} onClick={startEditing}>
                {t('account_view.edit')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {dialog}
    </Box>
  );
}
