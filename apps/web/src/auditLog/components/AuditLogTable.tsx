import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiChevronDown, mdiChevronRight } from '@mdi/js';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AuditLogEntry, AuditSortField } from '@cmp/contracts/auditLog';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { AuditEntryDetails } from './AuditEntryDetails';

interface AuditLogTableProps {
  entries: AuditLogEntry[];
  labelledBy: string;
  sort: SortState<AuditSortField>;
  onSort: (sort: SortState<AuditSortField>) => void;
}

const COLUMN_COUNT = 6;

/** The entries of one page; each row opens its details (before/after table) below it. */
export function AuditLogTable({ entries, labelledBy, sort, onSort }: AuditLogTableProps) {
  const { t, i18n } = useTranslation();
  const [openIds, setOpenIds] = useState<number[]>([]);
  const toggle = (id: number) => setOpenIds((current) => (current.includes(id) ? current.filter((open) => open !== id) : [...current, id]));
  const actionLabel = (action: string) => t(`audit_actions.${action}`, { defaultValue: action });

  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="OccurredAt" sort={sort} onSort={onSort}>
              {t('audit_log.column_when')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Action" sort={sort} onSort={onSort}>
              {t('audit_log.column_action')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Account" sort={sort} onSort={onSort}>
              {t('audit_log.column_account')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Actor" sort={sort} onSort={onSort}>
              {t('audit_log.column_actor')}
            </SortableHeaderCell>
            <TableCell>{t('audit_log.column_ip')}</TableCell>
            <TableCell>{t('audit_log.column_details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const isOpen = openIds.includes(entry.Id);
            const detailsId = `audit-entry-${entry.Id}-details`;
            const when = formatDateTime(entry.OccurredAt, i18n.language);
            const label = `${actionLabel(entry.Action)}, ${when}`;
            const actor = entry.ActorDisplayName ?? t('audit_log.system');
            return (
              <Fragment key={entry.Id}>
                <TableRow hover sx={{ '& > td, & > th': { borderBottom: isOpen ? 'none' : undefined } }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when}</TableCell>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {actionLabel(entry.Action)}
                  </TableCell>
                  <TableCell>{entry.AccountDisplayName ?? '—'}</TableCell>
                  <TableCell>{entry.ImpersonatorDisplayName ? t('audit_log.actor_as', { impersonator: entry.ImpersonatorDisplayName, actor }) : actor}</TableCell>
                  <TableCell>{entry.Ip ?? '—'}</TableCell>
                  <TableCell>
                    <IconButton size="small" aria-label={t('audit_log.show_details', { entry: label })} aria-expanded={isOpen} aria-controls={isOpen ? detailsId : undefined} onClick={() => toggle(entry.Id)}>
                      <MdiIcon path={isOpen ? mdiChevronDown : mdiChevronRight} />
                    </IconButton>
                  </TableCell>
                </TableRow>
                {isOpen && (
                  <TableRow>
                    <TableCell colSpan={COLUMN_COUNT} id={detailsId} sx={{ bgcolor: 'action.hover' }}>
                      <Collapse in appear>
                        <AuditEntryDetails details={entry.Details} label={label} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
