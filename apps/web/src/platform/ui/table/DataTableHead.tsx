import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { visuallyHidden } from '../visuallyHidden';

interface HeaderColumn {
  id: string;
  header: string;
  isHeaderHidden?: boolean;
  align?: 'left' | 'right';
}

interface DataTableHeadProps {
  headers: { column: HeaderColumn; direction: 'asc' | 'desc' | false; onSort?: () => void }[];
  /** The check box that selects every row of the page. */
  pageSelection?: { checked: boolean; indeterminate: boolean; onChange: (event: unknown) => void; label: string };
}

/** The column headers: a sortable one is a button, and aria-sort tells screen readers the order. */
export function DataTableHead({ headers, pageSelection }: DataTableHeadProps) {
  return (
    <TableHead>
      <TableRow>
        {pageSelection && (
          <TableCell padding="checkbox">
            <Checkbox checked={pageSelection.checked} indeterminate={pageSelection.indeterminate} onChange={pageSelection.onChange} slotProps={{ input: { 'aria-label': pageSelection.label } }} />
          </TableCell>
        )}
        {headers.map(({ column, direction, onSort }) =>
          onSort ? (
            <TableCell key={column.id} align={column.align} sortDirection={direction} aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
              <TableSortLabel active={Boolean(direction)} direction={direction || 'asc'} onClick={onSort}>
                {column.header}
              </TableSortLabel>
            </TableCell>
          ) : (
            <TableCell key={column.id} align={column.align}>
              {column.isHeaderHidden ? (
                <Box component="span" sx={visuallyHidden}>
                  {column.header}
                </Box>
              ) : (
                column.header
              )}
            </TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}
