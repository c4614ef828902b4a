import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ALLOWED_PARENT_TYPES, type Views } from '@cmp/contracts/accounts';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { CreatableAccountType, DefaultView, LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import { failureText } from '../../../platform/api/failureText';
import { showMessage } from '../../../platform/messages/messageStore';
import { useSessionUser } from '../../../platform/session/currentUser';
import { LoadingIndicator } from '../../../platform/ui/LoadingIndicator';
import { useUnsavedChangesGuard } from '../../../platform/ui/useUnsavedChangesGuard';
import { createAccount, useDefaultViewsForCreate, useViewLayout } from '../../view/api/accountViewOperations';
import { useDefaultParentForCreate } from '../api/defaultParent';
import { MetadataForm } from '../../../platform/forms/MetadataForm';
import { useMetadataEditor } from '../../view/hooks/useMetadataEditor';
import { fieldKey, type FormValues } from '../../../platform/forms/fieldRules';
import { ParentPicker, type ParentOption } from '../components/ParentPicker';
import { setUserRoles, NewUserRolesField } from '../../../users/public';

type CreatedType = Exclude<CreatableAccountType, 'Product'>;
const ASSIGN_ROLES = { all: [requirement('ROLES', ['Read']), requirement('ROLES', ['Execute'])] };
const CREATED_TYPES: CreatedType[] = ['User', 'Department', 'Company', 'Reseller'];

/**
 * #/Account/Create/User|Department|Company|Reseller[?parentAccountId=] (accounts issue "Create"):
 * pick the parent, fill the views of GetDefaultAccountViewsForCreate in the Create layout,
 * CreateAccount, then open the new account.
 */
export function CreateAccountScreen() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const type = CREATED_TYPES.find((candidate) => pathname.endsWith(`/${candidate}`)) ?? 'User';
  const given = Number(searchParams.get('parentAccountId'));
  const cameFrom = Number.isSafeInteger(given) && given > 0 ? given : undefined;
  // Another type or starting account is another screen: nothing chosen on the last one carries over.
  return <CreateAccountPage key={`${type}-${cameFrom ?? ''}`} type={type} cameFrom={cameFrom} />;
}

/**
 * The parent starts as the account the user came from, or the nearest one above it, that may hold
 * the type; else the first one in their hierarchy that may (issue 10). Only a parent the hierarchy
 * rules allow is ever sent to GetDefaultAccountViewsForCreate.
 */
function CreateAccountPage({ type, cameFrom }: { type: CreatedType; cameFrom: number | undefined }) {
  const { t } = useTranslation();
  const defaultParentQuery = useDefaultParentForCreate(type, cameFrom);
  const [chosen, setChosen] = useState<ParentOption | null>();
  const parent = chosen !== undefined ? chosen : (defaultParentQuery.data?.Parent ?? null);
  const parentId = parent && ALLOWED_PARENT_TYPES[type].includes(parent.AccountType) ? parent.AccountId : undefined;
  const defaultsQuery = useDefaultViewsForCreate(type, parentId);
  const layoutQuery = useViewLayout(type, 'Create', '');
  const hasNoPlace = defaultParentQuery.data?.Parent === null;

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t(`routes.create_${type.toLowerCase()}`)}
      </Typography>
      <Stack spacing={3}>
        {defaultParentQuery.isPending ? (
          <LoadingIndicator />
        ) : (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <ParentPicker value={parent} allowedTypes={ALLOWED_PARENT_TYPES[type]} onChange={setChosen} error={parentId === undefined && !hasNoPlace ? t('account_view.errors.required') : undefined} />
          </Paper>
        )}
        {hasNoPlace && <Alert severity="info">{t('account_create.no_parent', { type: t(`account_view.type.${type}`) })}</Alert>}
        {defaultParentQuery.isError && <Alert severity="error">{failureText(defaultParentQuery.error)}</Alert>}
        {defaultsQuery.isError && <Alert severity="error">{failureText(defaultsQuery.error)}</Alert>}
        {layoutQuery.isError && <Alert severity="error">{failureText(layoutQuery.error)}</Alert>}
        {parentId !== undefined && (defaultsQuery.isPending || layoutQuery.isPending) && <LoadingIndicator />}
        {parentId !== undefined && defaultsQuery.data && layoutQuery.data && (
          <CreateAccountForm key={`${type}-${parentId}`} type={type} parentId={parentId} defaults={defaultsQuery.data} pages={layoutQuery.data.Pages} />
        )}
      </Stack>
    </Box>
  );
}

function CreateAccountForm({ type, parentId, defaults, pages }: { type: CreatedType; parentId: number; defaults: DefaultView[]; pages: LayoutPage[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fields = useMemo(() => pages.flatMap((p) => p.Containers.flatMap((c) => c.Fields)), [pages]);
  const initial = useMemo(() => {
    const values: FormValues = {};
    for (const field of fields) values[fieldKey(field)] = defaults.find((view) => view.Name === field.View)?.Values[field.Name] ?? null;
    return values;
  }, [fields, defaults]);
  const editor = useMetadataEditor({ fields, initial, accountType: type });
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const [isDone, setIsDone] = useState(false);
  const { dialog, formRef } = useUnsavedChangesGuard({ isActive: !isDone, hasUnsavedChanges: editor.isDirty });
  const [createdId, setCreatedId] = useState<number>();
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const sessionUser = useSessionUser();
  const hasMfa = (sessionUser?.UserAuthenticationMethods.length ?? 0) > 0;
  const canAssignRoles = isAllowed(sessionUser?.Capability ?? [], ASSIGN_ROLES);
  const lockedReason = (field: LayoutField) => (field.ReadOnly ? t('account_view.read_only') : field.MfaProtected && !hasMfa ? t('account_view.needs_mfa') : undefined);

  useEffect(() => {
    // Navigate once the guard is off, so leaving for the new account is not taken for leaving unsaved work.
    if (isDone && createdId) navigate(`/account/${createdId}`);
  }, [isDone, createdId, navigate]);

  const submit = async () => {
    setSaveError(undefined);
    if (!editor.validateAll((field) => !lockedReason(field))) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const views: Views = {};
    for (const view of defaults) views[view.Name] = { Values: view.Name === 'Account' ? view.Values : {} };
    for (const field of fields) {
      const value = editor.values[fieldKey(field)];
      if (value === null || value === undefined || value === '' || lockedReason(field)) continue;
      (views[field.View] ??= { Values: {} }).Values[field.Name] = typeof value === 'string' ? value.trim() : value;
    }
    setIsSaving(true);
    try {
      const created = await createAccount(views);
      showMessage({ type: 'success', text: t('account_view.create.created', { name: created.DisplayName }) });
      // The roles follow the creation (as a partner script would call SetUserRoles): the user exists
      // either way, and a refusal says what is missing.
      if (type === 'User' && roleIds.length) {
        await setUserRoles(created.AccountId, roleIds).catch((error: unknown) =>
          showMessage({ type: 'error', text: t('users.new_user_roles_failed', { error: failureText(error) }) }),
        );
      }
      setCreatedId(created.AccountId);
      setIsDone(true);
    } catch (error) {
      setSaveError(failureText(error));
      setIsSaving(false);
    }
  };

  return (
    <Box component="form" ref={formRef} noValidate aria-label={t(`routes.create_${type.toLowerCase()}`)} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <Stack spacing={2}>
        {type === 'User' && <Alert severity="info">{t('account_view.create.invitation_note')}</Alert>}
        {saveError && <Alert severity="error" role="alert">{saveError}</Alert>}
        <MetadataForm pages={pages} values={editor.values} isEditing errors={editor.errors} onChange={editor.setValue} onBlur={editor.onBlur} lockedReason={lockedReason} />
        {type === 'User' && canAssignRoles && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <NewUserRolesField parentAccountId={parentId} value={roleIds} onChange={setRoleIds} />
          </Paper>
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={isSaving}>
            {t('account_view.create.submit')}
          </Button>
          <Button variant="outlined" onClick={() => navigate(-1)} disabled={isSaving}>
            {t('common.cancel')}
          </Button>
        </Stack>
      </Stack>
      {dialog}
    </Box>
  );
}
