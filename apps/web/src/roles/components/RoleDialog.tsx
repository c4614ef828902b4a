import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CapabilitySet, RoleSummary, SaveRoleRequest } from '@cmp/contracts/roles';
import { NamedDraftDialog } from './NamedDraftDialog';

const DESCRIPTION_MAX_LENGTH = 1_000;

type RoleDraft = Required<Omit<SaveRoleRequest['role'], 'RoleId'>> & { RoleId: number | null };

interface RoleDialogProps {
  /** The role to edit, `null` for a new one, undefined when closed. */
  role: RoleSummary | null | undefined;
  /** The organisation's own sets: a role holds only those (issue 17). */
  ownSets: CapabilitySet[];
  onSave: (role: SaveRoleRequest['role']) => Promise<unknown>;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}

export function RoleDialog({ role, ownSets, onSave, onSaved, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const markHelpId = useId();
  const draft = useMemo<RoleDraft | undefined>(
    () =>
      role === undefined
        ? undefined
        : { RoleId: role?.RoleId ?? null, Name: role?.Name ?? '', Description: role?.Description ?? '', CapabilitySetIds: role?.CapabilitySetIds ?? [], IsAdministrator: role?.IsAdministrator ?? false },
    [role],
  );
  const descriptionError = (values: RoleDraft) =>
    values.Description.trim().length > DESCRIPTION_MAX_LENGTH ? t('roles.description_too_long', { max: DESCRIPTION_MAX_LENGTH }) : undefined;

  return (
    <NamedDraftDialog
      draft={draft}
      title={role ? t('roles.edit_role_title', { name: role.Name }) : t('roles.new_role')}
      fieldError={descriptionError}
      onSave={(values) => onSave({ ...values, Description: values.Description.trim() })}
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ values, change, isSubmitted }) => {
        const error = isSubmitted ? descriptionError(values) : undefined;
        const toggleSet = (id: number, isChecked: boolean) =>
          change({ CapabilitySetIds: isChecked ? [...values.CapabilitySetIds, id] : values.CapabilitySetIds.filter((other) => other !== id) });
        return (
          <>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('roles.column_description')}
              value={values.Description}
              onChange={(event) => change({ Description: event.target.value })}
              error={error !== undefined}
              helperText={error}
            />
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('roles.column_sets')}</FormLabel>
              {ownSets.length === 0 ? (
                <Typography color="text.secondary">{t('roles.no_own_sets')}</Typography>
              ) : (
                <FormGroup>
                  {ownSets.map((set) => (
                    <FormControlLabel
                      key={set.CapabilitySetId}
                      label={set.Name}
                      control={<Checkbox checked={values.CapabilitySetIds.includes(set.CapabilitySetId)} onChange={(event) => toggleSet(set.CapabilitySetId, event.target.checked)} />}
                    />
                  ))}
                </FormGroup>
              )}
            </FormControl>
            <FormControl>
              <FormControlLabel
                label={t('roles.administrator_mark')}
                control={
                  <Checkbox checked={values.IsAdministrator} onChange={(event) => change({ IsAdministrator: event.target.checked })} slotProps={{ input: { 'aria-describedby': markHelpId } }} />
                }
              />
              <FormHelperText id={markHelpId} sx={{ mt: 0 }}>
                {t('roles.administrator_mark_help')}
              </FormHelperText>
            </FormControl>
          </>
        );
      }}
    </NamedDraftDialog>
  );
}
