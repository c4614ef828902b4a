import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditChange } from '@cmp/contracts/auditLog';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { changedFieldName, detailText, splitAuditDetails } from '../utils/auditDetails';

type RecordedValue = [key: string, value: unknown];

/** What an entry recorded: the changes as a before/after table, the other details as key/value pairs. */
export function AuditEntryDetails({ details, label }: { details: Record<string, unknown>; label: string }) {
  const { t } = useTranslation();
  const yesNo = { yes: t('audit_log.yes'), no: t('audit_log.no') };
  const { changes, others } = splitAuditDetails(details);
  if (changes.length === 0 && others.length === 0) return <Typography variant="body2">{t('audit_log.no_details')}</Typography>;

  const hasField = changes.some((row) => row.Label !== undefined || row.Field !== undefined || row.View !== undefined);
  const changeColumns: DataColumn<AuditChange>[] = [
    ...(hasField ? [{ id: 'field', header: t('audit_log.field'), isRowHeader: true, cell: changedFieldName }] : []),
    { id: 'before', header: t('audit_log.before'), cell: (row) => detailText(row.Before, yesNo) },
    { id: 'after', header: t('audit_log.after'), cell: (row) => detailText(row.After, yesNo) },
  ];
  const valueColumns: DataColumn<RecordedValue>[] = [
    { id: 'key', header: t('audit_log.field'), isRowHeader: true, cellSx: { fontWeight: 500 }, cell: ([key]) => key },
    { id: 'value', header: t('audit_log.value'), cellSx: { wordBreak: 'break-word' }, cell: ([, value]) => detailText(value, yesNo) },
  ];
  // A record is read in its own order (the changes as the server listed them): no sorting, no paging.
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, '& table': { width: 'auto' } }}>
      {changes.length > 0 && (
        <Box sx={{ minWidth: 320 }}>
          <DataTable tableId="audit-entry-changes" rows={changes} columns={changeColumns} rowKey={(row) => changes.indexOf(row)} label={t('audit_log.changes_of', { entry: label })} pageSizes={false} empty={null} />
        </Box>
      )}
      {others.length > 0 && (
        <Box sx={{ minWidth: 240 }}>
          <DataTable tableId="audit-entry-values" rows={others} columns={valueColumns} rowKey={([key]) => key} label={t('audit_log.details_of', { entry: label })} pageSizes={false} empty={null} />
        </Box>
      )}
    </Box>
  );
}
