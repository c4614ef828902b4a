import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useAssignableRoles } from '../api/userOperations';
import { RoleCheckboxes } from './RoleCheckboxes';

interface NewUserRolesFieldProps {
  parentAccountId: number;
  value: number[];
  onChange(roleIds: number[]): void;
}

/**
 * The roles a user gets when created: without one that allows signing in, the invitation leads
 * nowhere. Roles giving more than the creator holds cannot be chosen (no escalation).
 */
export function NewUserRolesField({ parentAccountId, value, onChange }: NewUserRolesFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  const rolesQuery = useAssignableRoles(parentAccountId);

  if (rolesQuery.isPending) return <LoadingIndicator />;
  if (rolesQuery.isError) return <Alert severity="error">{failureText(rolesQuery.error)}</Alert>;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId}>
        {t('users.new_user_roles')}
      </FormLabel>
      {rolesQuery.data.Roles.length === 0 && <Typography color="text.secondary">{t('users.no_roles')}</Typography>}
      <RoleCheckboxes roles={rolesQuery.data.Roles} selected={value} onChange={onChange} aria-describedby={helpId} />
      <FormHelperText id={helpId}>{t('users.new_user_roles_help')}</FormHelperText>
    </FormControl>
  );
}
