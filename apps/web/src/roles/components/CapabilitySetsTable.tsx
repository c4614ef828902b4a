import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CapabilitySet } from '@cmp/contracts/roles';
import { SortableHeaderCell } from '../../users/components/SortableHeaderCell';
import { useClientSort } from '../hooks/useClientSort';

type SetSortField = 'name' | 'template' | 'owner' | 'count';

export interface CapabilitySetActions {
  edit?: (set: CapabilitySet) => void;
  copy?: (set: CapabilitySet) => void;
  remove?: (set: CapabilitySet) => void;
}

const setSortValue = (set: CapabilitySet, field: SetSortField) =>
  field === 'count' ? set.Capabilities.length : field === 'template' ? Number(set.IsTemplate) : field === 'owner' ? set.OwnerDisplayName : set.Name;

/** The organisation's own capability sets and the templates of the owners above, offered to copy. */
export function CapabilitySetsTable({ sets, labelledBy, actions }: { sets: CapabilitySet[]; labelledBy: string; actions: CapabilitySetActions }) {
  const { t } = useTranslation();
  const { sort, setSort, sorted } = useClientSort<CapabilitySet, SetSortField>(sets, setSortValue, 'name');

  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="name" sort={sort} onSort={setSort}>
              {t('roles.column_name')}
            </SortableHeaderCell>
            <SortableHeaderCell field="template" sort={sort} onSort={setSort}>
              {t('roles.column_template')}
            </SortableHeaderCell>
            <SortableHeaderCell field="owner" sort={sort} onSort={setSort}>
              {t('roles.column_owner')}
            </SortableHeaderCell>
            <SortableHeaderCell field="count" sort={sort} onSort={setSort} align="right">
              {t('roles.column_capability_count')}
            </SortableHeaderCell>
            <TableCell>{t('roles.column_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((set) => {
            const nameId = `capability-set-${set.CapabilitySetId}-name`;
            return (
              <TableRow key={set.CapabilitySetId}>
                <TableCell id={nameId} sx={{ fontWeight: 500 }}>
                  {set.Name}
                </TableCell>
                <TableCell>{set.IsTemplate ? t('roles.yes') : t('roles.no')}</TableCell>
                <TableCell>{set.IsOwn ? t('roles.owner_own') : set.OwnerDisplayName}</TableCell>
                <TableCell align="right">{set.Capabilities.length}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    {set.IsOwn && actions.edit && (
                      <Button size="small" aria-describedby={nameId} onClick={() => actions.edit?.(set)}>
                        {t('roles.edit')}
                      </Button>
                    )}
                    {!set.IsOwn && actions.copy && (
                      <Button size="small" aria-describedby={nameId} onClick={() => actions.copy?.(set)}>
                        {t('common.copy')}
                      </Button>
                    )}
                    {set.IsOwn && actions.remove && (
                      <Button size="small" color="error" aria-describedby={nameId} onClick={() => actions.remove?.(set)}>
                        {t('roles.delete')}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
