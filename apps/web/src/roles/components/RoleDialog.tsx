import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CapabilitySet, RoleSummary, SaveRoleRequest } from '@cmp/contracts/roles';
import { NameField, nameError } from './NameField';

const DESCRIPTION_MAX_LENGTH = 1_000;

interface RoleDialogProps {
  /** The role to edit, `null` for a new one, undefined when closed. */
  role: RoleSummary | null | undefined;
  /** The organisation's own sets: a role holds only those (issue 17). */
  ownSets: CapabilitySet[];
  /** Resolves with the server's refusal, or undefined when saved. */
  onSave: (role: SaveRoleRequest['role']) => Promise<string | undefined>;
  onClose: () => void;
}

export function RoleDialog({ role, ownSets, onSave, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const markHelpId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [setIds, setSetIds] = useState<number[]>([]);
  const [isAdministrator, setIsAdministrator] = useState(false);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    setName(role?.Name ?? '');
    setDescription(role?.Description ?? '');
    setSetIds(role?.CapabilitySetIds ?? []);
    setIsAdministrator(role?.IsAdministrator ?? false);
    setIsSubmitted(false);
    setServerError(undefined);
  }, [role]);

  const descriptionError = description.trim().length > DESCRIPTION_MAX_LENGTH ? t('roles.description_too_long', { max: DESCRIPTION_MAX_LENGTH }) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameError(t, name) || descriptionError) return;
    setIsSaving(true);
    setServerError(await onSave({ RoleId: role?.RoleId ?? null, Name: name.trim(), Description: description.trim(), CapabilitySetIds: setIds, IsAdministrator: isAdministrator }));
    setIsSaving(false);
  };

  const toggleSet = (id: number, isChecked: boolean) => setSetIds((ids) => (isChecked ? [...ids, id] : ids.filter((other) => other !== id)));

  return (
    <Dialog open={role !== undefined} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{role ? t('roles.edit_role_title', { name: role.Name }) : t('roles.new_role')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <NameField value={name} onChange={setName} isSubmitted={isSubmitted} />
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('roles.column_description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              error={isSubmitted && descriptionError !== undefined}
              helperText={isSubmitted ? descriptionError : undefined}
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
                      control={<Checkbox checked={setIds.includes(set.CapabilitySetId)} onChange={(event) => toggleSet(set.CapabilitySetId, event.target.checked)} />}
                    />
                  ))}
                </FormGroup>
              )}
            </FormControl>
            <FormControl>
              <FormControlLabel
                label={t('roles.administrator_mark')}
                control={<Checkbox checked={isAdministrator} onChange={(event) => setIsAdministrator(event.target.checked)} slotProps={{ input: { 'aria-describedby': markHelpId } }} />}
              />
              <FormHelperText id={markHelpId} sx={{ mt: 0 }}>
                {t('roles.administrator_mark_help')}
              </FormHelperText>
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSaving}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
