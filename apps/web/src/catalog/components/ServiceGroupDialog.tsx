import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MyService, ServiceGroup } from '@cmp/contracts/catalog';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';

export type ServiceGroupDialogState = { mode: 'new' } | { mode: 'edit'; group: ServiceGroup };

interface ServiceGroupDialogProps {
  state: ServiceGroupDialogState | undefined;
  services: MyService[];
  isLoadingServices: boolean;
  /** Resolves with the server's refusal, or undefined once saved. */
  onSave: (name: string, serviceNames: string[]) => Promise<string | undefined>;
  onClose: () => void;
}

const NAME_MAX = 100;

/** A service group's name and member services (chosen from the catalog, searchable). */
export function ServiceGroupDialog({ state, services, isLoadingServices, onSave, onClose }: ServiceGroupDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    const group = state?.mode === 'edit' ? state.group : undefined;
    setName(group?.Name ?? '');
    setMembers(group?.Services.map((service) => service.ServiceName) ?? []);
    setNameError(undefined);
    setServerError(undefined);
  }, [state]);
  const byName = new Map(services.map((service) => [service.ServiceName, service]));
  const labelOf = (serviceName: string) => {
    const service = byName.get(serviceName);
    const fromGroup = state?.mode === 'edit' ? state.group.Services.find((each) => each.ServiceName === serviceName) : undefined;
    const display = service?.DisplayName ?? fromGroup?.DisplayName ?? serviceName;
    const vendor = service?.VendorName ?? fromGroup?.VendorName;
    return vendor ? t('catalog.service_with_vendor', { name: display, vendor }) : display;
  };

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('catalog.problem_required'));
      return;
    }
    setIsSaving(true);
    setServerError(await onSave(trimmed, members));
    setIsSaving(false);
  };

  return (
    <FormDialog
      open={state !== undefined}
      title={state?.mode === 'edit' ? t('catalog.edit_group_title', { name: state.group.Name }) : t('catalog.new_group')}
      serverError={serverError}
      isBusy={isSaving}
      submitLabel={state?.mode === 'edit' ? t('common.save') : t('catalog.create_group')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('catalog.group_name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
          error={nameError !== undefined}
          helperText={nameError ?? ' '}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, autoComplete: 'off' } }}
          fullWidth
        />
        <Autocomplete<string, true>
          multiple
          loading={isLoadingServices}
          options={services.map((service) => service.ServiceName)}
          value={members}
          onChange={(_event, values) => setMembers(values)}
          getOptionLabel={labelOf}
          filterSelectedOptions
          renderInput={(params) => <TextField {...params} label={t('catalog.group_services')} helperText={t('catalog.group_services_help')} />}
        />
      </Stack>
    </FormDialog>
  );
}
