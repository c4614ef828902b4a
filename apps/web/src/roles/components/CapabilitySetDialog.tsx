import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { CAPABILITY_OBJECT_TYPES, type Capability, type CapabilityObjectType } from '@cmp/contracts/capabilities';
import type { SaveCapabilitySetRequest } from '@cmp/contracts/roles';
import { CAPABILITY_FLAGS } from '../constants/capabilityAreas';
import { CapabilityMatrix } from './CapabilityMatrix';
import { NamedDraftDialog } from './NamedDraftDialog';

/** What the editor opens with: an own set to edit (with its id), or a new one, possibly a template's copy. */
export interface CapabilitySetDraft {
  CapabilitySetId: number | null;
  Name: string;
  IsTemplate: boolean;
  Capabilities: Capability[];
}

interface CapabilitySetDialogProps {
  draft: CapabilitySetDraft | undefined;
  /** The server refuses a set beyond the caller's own capabilities. */
  onSave: (capabilitySet: SaveCapabilitySetRequest['capabilitySet']) => Promise<unknown>;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}

const emptyCapability = (ObjectType: CapabilityObjectType): Capability => ({ ObjectType, Read: false, Create: false, Execute: false, Delete: false, Value: null });

function withChange(capabilities: Capability[], objectType: CapabilityObjectType, change: Partial<Capability>): Capability[] {
  const current = capabilities.find((capability) => capability.ObjectType === objectType) ?? emptyCapability(objectType);
  return [...capabilities.filter((capability) => capability.ObjectType !== objectType), { ...current, ...change }];
}

/** The capabilities to send: those with at least one flag, in the contracts' order; a lone "whole hierarchy" gives nothing. */
function capabilitiesToSave(capabilities: Capability[]): Capability[] {
  const byType = new Map(capabilities.map((capability) => [capability.ObjectType, capability]));
  return CAPABILITY_OBJECT_TYPES.map((type) => byType.get(type)).filter((capability): capability is Capability =>
    capability !== undefined && CAPABILITY_FLAGS.some((flag) => capability[flag]),
  );
}

export function CapabilitySetDialog({ draft, onSave, onSaved, onClose }: CapabilitySetDialogProps) {
  const { t } = useTranslation();
  return (
    <NamedDraftDialog
      draft={draft}
      title={draft?.CapabilitySetId ? t('roles.edit_set_title', { name: draft.Name }) : t('roles.new_set')}
      maxWidth="md"
      onSave={({ CapabilitySetId, Name, IsTemplate, Capabilities }) => onSave({ CapabilitySetId, Name, IsTemplate, Capabilities: capabilitiesToSave(Capabilities) })}
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ values, change }) => (
        <>
          <FormControlLabel control={<Switch checked={values.IsTemplate} onChange={(event) => change({ IsTemplate: event.target.checked })} />} label={t('roles.template_switch')} />
          <CapabilityMatrix capabilities={values.Capabilities} onChange={(objectType, update) => change({ Capabilities: withChange(values.Capabilities, objectType, update) })} />
        </>
      )}
    </NamedDraftDialog>
  );
}
