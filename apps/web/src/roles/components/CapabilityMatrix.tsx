import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Capability, CapabilityFlag, CapabilityObjectType } from '@cmp/contracts/capabilities';
import { CAPABILITY_AREAS, CAPABILITY_FLAGS, type CapabilityArea } from '../constants/capabilityAreas';

export type CapabilityMatrixValue = Map<CapabilityObjectType, Capability>;

interface CapabilityMatrixProps {
  value: CapabilityMatrixValue;
  onChange: (objectType: CapabilityObjectType, change: Partial<Capability>) => void;
  /** Part of a readable name: only the object types whose name contains it are shown. */
  filter: string;
  labelledBy: string;
}

/** The matrix editor (issue 17): object types by area, one row each, a real labelled checkbox per flag and for the whole hierarchy. */
export function CapabilityMatrix({ value, onChange, filter, labelledBy }: CapabilityMatrixProps) {
  const { t } = useTranslation();
  const needle = filter.trim().toLocaleLowerCase();
  const areas = (Object.entries(CAPABILITY_AREAS) as [CapabilityArea, readonly CapabilityObjectType[]][])
    .map(([area, types]) => [area, types.filter((type) => !needle || t(`roles.object_type.${type}`).toLocaleLowerCase().includes(needle))] as const)
    .filter(([, types]) => types.length > 0);

  if (areas.length === 0) return <Typography>{t('roles.matrix_no_match')}</Typography>;
  return (
    <TableContainer sx={{ maxHeight: '55vh' }}>
      <Table size="small" stickyHeader aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('roles.column_object_type')}</TableCell>
            {CAPABILITY_FLAGS.map((flag) => (
              <TableCell key={flag} align="center">
                {t(`roles.flag.${flag}`)}
              </TableCell>
            ))}
            <TableCell align="center">{t('roles.flag.hierarchy')}</TableCell>
          </TableRow>
        </TableHead>
        {/* One row group per area, its name the group's header (WCAG 1.3.1). */}
        {areas.map(([area, types]) => (
          <TableBody key={area}>
            <TableRow>
              <TableCell component="th" scope="rowgroup" colSpan={6} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>
                {t(`roles.area.${area}`)}
              </TableCell>
            </TableRow>
            {types.map((type) => {
              const name = t(`roles.object_type.${type}`);
              const capability = value.get(type);
              return (
                <TableRow key={type}>
                  <TableCell component="th" scope="row">
                    {name}
                  </TableCell>
                  {CAPABILITY_FLAGS.map((flag: CapabilityFlag) => (
                    <TableCell key={flag} align="center" padding="checkbox">
                      <Checkbox
                        checked={capability?.[flag] ?? false}
                        onChange={(event) => onChange(type, { [flag]: event.target.checked })}
                        slotProps={{ input: { 'aria-label': t('roles.flag_of', { flag: t(`roles.flag.${flag}`), name }) } }}
                      />
                    </TableCell>
                  ))}
                  <TableCell align="center" padding="checkbox">
                    <Checkbox
                      checked={capability?.Value === 'HIERARCHY'}
                      onChange={(event) => onChange(type, { Value: event.target.checked ? 'HIERARCHY' : null })}
                      slotProps={{ input: { 'aria-label': t('roles.flag_of', { flag: t('roles.flag.hierarchy'), name }) } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        ))}
      </Table>
    </TableContainer>
  );
}
