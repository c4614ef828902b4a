import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAPABILITY_OBJECT_TYPES, type Capability, type CapabilityObjectType } from '@cmp/contracts/capabilities';
import type { SaveCapabilitySetRequest } from '@cmp/contracts/roles';
import { CAPABILITY_FLAGS } from '../constants/capabilityAreas';
import { CapabilityMatrix, type CapabilityMatrixValue } from './CapabilityMatrix';
import { NameField, nameError } from './NameField';

/** What the editor opens with: an own set to edit (with its id), or a new one, possibly a template's copy. */
export interface CapabilitySetDraft {
  CapabilitySetId: number | null;
  Name: string;
  IsTemplate: boolean;
  Capabilities: Capability[];
}

interface CapabilitySetDialogProps {
  draft: CapabilitySetDraft | undefined;
  /** Resolves with the server's refusal (e.g. beyond the caller's own capabilities), or undefined when saved. */
  onSave: (capabilitySet: SaveCapabilitySetRequest['capabilitySet']) => Promise<string | undefined>;
  onClose: () => void;
}

const emptyCapability = (ObjectType: CapabilityObjectType): Capability => ({ ObjectType, Read: false, Create: false, Execute: false, Delete: false, Value: null });

/** The capabilities to send: those with at least one flag, in the contracts' order; a lone "whole hierarchy" gives nothing. */
export function capabilitiesOf(matrix: CapabilityMatrixValue): Capability[] {
  return CAPABILITY_OBJECT_TYPES.map((type) => matrix.get(type)).filter((capability): capability is Capability =>
    capability !== undefined && CAPABILITY_FLAGS.some((flag) => capability[flag]),
  );
}

export function CapabilitySetDialog({ draft, onSave, onClose }: CapabilitySetDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const matrixLabelId = useId();
  const [name, setName] = useState('');
  const [isTemplate, setIsTemplate] = useState(false);
  const [matrix, setMatrix] = useState<CapabilityMatrixValue>(new Map());
  const [filter, setFilter] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    setName(draft?.Name ?? '');
    setIsTemplate(draft?.IsTemplate ?? false);
    setMatrix(new Map((draft?.Capabilities ?? []).map((capability) => [capability.ObjectType, capability])));
    setFilter('');
    setIsSubmitted(false);
    setServerError(undefined);
  }, [draft]);


  const change = (objectType: CapabilityObjectType, update: Partial<Capability>) =>
    setMatrix((current) => new Map(current).set(objectType, { ...(current.get(objectType) ?? emptyCapability(objectType)), ...update }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameError(t, name)) return;
    setIsSaving(true);
    setServerError(await onSave({ CapabilitySetId: draft?.CapabilitySetId ?? null, Name: name.trim(), IsTemplate: isTemplate, Capabilities: capabilitiesOf(matrix) }));
    setIsSaving(false);
  };

  const title = draft?.CapabilitySetId ? t('roles.edit_set_title', { name: draft.Name }) : t('roles.new_set');
  return (
    <Dialog open={draft !== undefined} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <NameField value={name} onChange={setName} isSubmitted={isSubmitted} />
            <FormControlLabel control={<Switch checked={isTemplate} onChange={(event) => setIsTemplate(event.target.checked)} />} label={t('roles.template_switch')} />
            <Typography id={matrixLabelId} variant="subtitle1" component="h3">
              {t('roles.matrix_title')}
            </Typography>
            <TextField type="search" size="small" label={t('roles.matrix_filter')} value={filter} onChange={(event) => setFilter(event.target.value)} />
            <CapabilityMatrix value={matrix} onChange={change} filter={filter} labelledBy={matrixLabelId} />
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
