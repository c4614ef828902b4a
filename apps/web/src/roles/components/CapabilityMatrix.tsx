import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Capability, CapabilityObjectType } from '@cmp/contracts/capabilities';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { CAPABILITY_AREAS, CAPABILITY_FLAGS, type CapabilityArea } from '../constants/capabilityAreas';

type CapabilityChange = (objectType: CapabilityObjectType, change: Partial<Capability>) => void;

interface CapabilityMatrixProps {
  capabilities: readonly Capability[];
  onChange: CapabilityChange;
}

const CHECKBOX_CELL = { py: 0 };

/**
 * The matrix editor (issue 17): a search by readable name, then one table per area with a row per
 * object type and a real labelled checkbox per flag and for the whole hierarchy. Each area is a
 * heading of its own, so a screen reader jumps from area to area.
 */
export function CapabilityMatrix({ capabilities, onChange }: CapabilityMatrixProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  const byType = new Map(capabilities.map((capability) => [capability.ObjectType, capability]));
  const areas = (Object.entries(CAPABILITY_AREAS) as [CapabilityArea, readonly CapabilityObjectType[]][])
    .map(([area, types]) => [area, types.filter((type) => !needle || t(`roles.object_type.${type}`).toLocaleLowerCase().includes(needle))] as const)
    .filter(([, types]) => types.length > 0);

  return (
    <Stack spacing={2} role="group" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {t('roles.matrix_title')}
      </Typography>
      <TextField type="search" size="small" label={t('roles.matrix_filter')} value={filter} onChange={(event) => setFilter(event.target.value)} />
      {areas.length === 0 ? (
        <Typography>{t('roles.matrix_no_match')}</Typography>
      ) : (
        <Box sx={{ maxHeight: '55vh', overflowY: 'auto' }}>
          <Stack spacing={2}>
            {areas.map(([area, types]) => (
              <AreaMatrix key={area} area={area} types={types} byType={byType} onChange={onChange} />
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

interface AreaMatrixProps {
  area: CapabilityArea;
  types: readonly CapabilityObjectType[];
  byType: Map<CapabilityObjectType, Capability>;
  onChange: CapabilityChange;
}

function AreaMatrix({ area, types, byType, onChange }: AreaMatrixProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const nameOf = (type: CapabilityObjectType) => t(`roles.object_type.${type}`);
  const rows = types.map((type) => ({ type }));
  const checkbox = (type: CapabilityObjectType, flag: string, isChecked: boolean, change: (isChecked: boolean) => Partial<Capability>) => (
    <Checkbox
      checked={isChecked}
      onChange={(event) => onChange(type, change(event.target.checked))}
      slotProps={{ input: { 'aria-label': t('roles.flag_of', { flag, name: nameOf(type) }) } }}
    />
  );
  const columns: DataColumn<{ type: CapabilityObjectType }>[] = [
    { id: 'type', header: t('roles.column_object_type'), isRowHeader: true, cell: ({ type }) => nameOf(type) },
    ...CAPABILITY_FLAGS.map((flag) => ({
      id: flag,
      header: t(`roles.flag.${flag}`),
      cellSx: CHECKBOX_CELL,
      cell: ({ type }: { type: CapabilityObjectType }) => checkbox(type, t(`roles.flag.${flag}`), byType.get(type)?.[flag] ?? false, (isChecked) => ({ [flag]: isChecked })),
    })),
    {
      id: 'hierarchy',
      header: t('roles.flag.hierarchy'),
      cellSx: CHECKBOX_CELL,
      cell: ({ type }) => checkbox(type, t('roles.flag.hierarchy'), byType.get(type)?.Value === 'HIERARCHY', (isChecked) => ({ Value: isChecked ? 'HIERARCHY' : null })),
    },
  ];
  return (
    <div>
      <Typography id={headingId} variant="subtitle2" component="h4" sx={{ fontWeight: 600 }}>
        {t(`roles.area.${area}`)}
      </Typography>
      <DataTable tableId="capability-matrix" rows={rows} columns={columns} rowKey={(row) => row.type} labelledBy={headingId} pageSizes={false} empty={t('roles.matrix_no_match')} />
    </div>
  );
}
