import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ImportRowError } from '@cmp/contracts/imports';

/** The row-level error report: the file's row number, the column and what is wrong, in row order. */
export function ImportErrorsTable({ errors, caption }: { errors: ImportRowError[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>{t('imports.column_row')}</TableCell>
            <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>{t('imports.column_column')}</TableCell>
            <TableCell>{t('imports.column_message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error, index) => (
            <TableRow key={`${error.Row}-${index}`}>
              <TableCell component="th" scope="row">
                {error.Row}
              </TableCell>
              <TableCell>{error.Column}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.Message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
