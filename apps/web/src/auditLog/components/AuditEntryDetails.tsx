import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { changedFieldName, detailText, splitAuditDetails } from '../utils/auditDetails';

/** What an entry recorded: the changes as a before/after table, the other details as key/value pairs. */
export function AuditEntryDetails({ details, label }: { details: Record<string, unknown>; label: string }) {
  const { t } = useTranslation();
  const yesNo = { yes: t('audit_log.yes'), no: t('audit_log.no') };
  const { changes, others } = splitAuditDetails(details);
  const hasField = changes.some((row) => row.Label !== undefined || row.Field !== undefined || row.View !== undefined);
  if (changes.length === 0 && others.length === 0) return <Typography variant="body2">{t('audit_log.no_details')}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
      {changes.length > 0 && (
        <Table size="small" aria-label={t('audit_log.changes_of', { entry: label })} sx={{ width: 'auto', minWidth: 320 }}>
          <TableHead>
            <TableRow>
              {hasField && <TableCell>{t('audit_log.field')}</TableCell>}
              <TableCell>{t('audit_log.before')}</TableCell>
              <TableCell>{t('audit_log.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((row, index) => (
              <TableRow key={index}>
                {hasField && (
                  <TableCell component="th" scope="row">
                    {changedFieldName(row)}
                  </TableCell>
                )}
                <TableCell>{detailText(row.Before, yesNo)}</TableCell>
                <TableCell>{detailText(row.After, yesNo)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {others.length > 0 && (
        <Table size="small" aria-label={t('audit_log.details_of', { entry: label })} sx={{ width: 'auto', minWidth: 240 }}>
          <TableBody>
            {others.map(([key, value]) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                  {key}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{detailText(value, yesNo)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
