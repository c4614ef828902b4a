import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryCard } from '../../platform/ui/QueryCard';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { useEffectiveCapabilities, type EffectiveCapabilities } from '../api/roleOperations';
import { AREA_OF_OBJECT_TYPE, CAPABILITY_AREAS, CAPABILITY_FLAGS, type CapabilityArea } from '../constants/capabilityAreas';

type EffectiveCapability = EffectiveCapabilities['Capabilities'][number];

/** A user's capabilities in the end (issue 17), grouped by area in the matrix's order, each with the roles it comes from. Read-only. */
export function EffectiveCapabilitiesCard({ userAccountId }: { userAccountId: number }) {
  const { t } = useTranslation();
  const query = useEffectiveCapabilities(userAccountId);
  return (
    <QueryCard title={t('roles.effective_title')} intro={t('roles.effective_intro')} query={query}>
      {(data) =>
        data.Capabilities.length === 0 ? (
          <Typography>{t('roles.effective_none')}</Typography>
        ) : (
          <Stack spacing={3}>
            {groupByArea(data.Capabilities).map(([area, capabilities]) => (
              <AreaTable key={area} area={area} capabilities={capabilities} />
            ))}
          </Stack>
        )
      }
    </QueryCard>
  );
}

function groupByArea(capabilities: EffectiveCapability[]): [CapabilityArea, EffectiveCapability[]][] {
  return (Object.keys(CAPABILITY_AREAS) as CapabilityArea[])
    .map((area) => {
      const order: readonly string[] = CAPABILITY_AREAS[area];
      const inArea = capabilities.filter((capability) => AREA_OF_OBJECT_TYPE.get(capability.ObjectType) === area);
      return [area, inArea.sort((a, b) => order.indexOf(a.ObjectType) - order.indexOf(b.ObjectType))] as [CapabilityArea, EffectiveCapability[]];
    })
    .filter(([, inArea]) => inArea.length > 0);
}

function AreaTable({ area, capabilities }: { area: CapabilityArea; capabilities: EffectiveCapability[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const allowed = (capability: EffectiveCapability) =>
    [...CAPABILITY_FLAGS.filter((flag) => capability[flag]).map((flag) => t(`roles.flag.${flag}`)), ...(capability.Value === 'HIERARCHY' ? [t('roles.flag.hierarchy')] : [])].join(', ');
  const columns: DataColumn<EffectiveCapability>[] = [
    { id: 'type', header: t('roles.column_object_type'), isRowHeader: true, sortValue: (capability) => t(`roles.object_type.${capability.ObjectType}`), cell: (capability) => t(`roles.object_type.${capability.ObjectType}`) },
    { id: 'flags', header: t('roles.column_flags'), cell: allowed },
    { id: 'roles', header: t('roles.column_from_roles'), sortValue: (capability) => capability.Roles.join(', '), cell: (capability) => capability.Roles.join(', ') },
  ];
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t(`roles.area.${area}`)}
      </Typography>
      <DataTable
        tableId="effective-capabilities"
        rows={capabilities}
        columns={columns}
        rowKey={(capability) => `${capability.ObjectType}-${capability.Value ?? ''}`}
        labelledBy={headingId}
        pageSizes={false}
        empty={t('roles.effective_none')}
      />
    </section>
  );
}
