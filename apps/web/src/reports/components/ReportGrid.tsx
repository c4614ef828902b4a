import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReportResult } from '@cmp/contracts/reporting';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { formatCell, isNumeric } from './formatCell';

interface ReportGridProps {
  result: ReportResult;
  labelledBy: string;
  sort: SortState<string>;
  onSort: (sort: SortState<string>) => void;
}

/** One page of a report: the shown columns, sortable on the server where the report allows it. */
export function ReportGrid({ result, labelledBy, sort, onSort }: ReportGridProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {result.Columns.map((column) => {
              const align = isNumeric(column.Type) ? 'right' : 'left';
              return column.Sortable ? (
                <SortableHeaderCell key={column.Name} field={column.Name} sort={sort} onSort={onSort} align={align}>
                  {column.Title}
                </SortableHeaderCell>
              ) : (
                <TableCell key={column.Name} align={align}>
                  {column.Title}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.Rows.map((row, index) => (
            // Rows of a report have no id of their own; the page and its order identify them.
            <TableRow key={index} hover>
              {result.Columns.map((column, columnIndex) => (
                <TableCell key={column.Name} align={isNumeric(column.Type) ? 'right' : 'left'} sx={isNumeric(column.Type) ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
                  {formatCell(row[columnIndex] ?? null, column.Type, locale)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
