import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SortDirection } from '@cmp/contracts/users';

export interface SortState<Field extends string> {
  sortBy: Field;
  sortDirection: SortDirection;
}

interface SortableHeaderCellProps<Field extends string> {
  field: Field;
  sort: SortState<Field>;
  onSort: (sort: SortState<Field>) => void;
  /** Amount columns are right-aligned, header and figures alike. */
  align?: 'left' | 'right';
  children: ReactNode;
}

/** A column header that sorts on the server: a button, with aria-sort telling screen readers the order. */
export function SortableHeaderCell<Field extends string>({ field, sort, onSort, align, children }: SortableHeaderCellProps<Field>) {
  const isActive = sort.sortBy === field;
  return (
    <TableCell align={align} sortDirection={isActive ? sort.sortDirection : false} aria-sort={isActive ? (sort.sortDirection === 'asc' ? 'ascending' : 'descending') : undefined}>
      <TableSortLabel
        active={isActive}
        direction={isActive ? sort.sortDirection : 'asc'}
        onClick={() => onSort({ sortBy: field, sortDirection: isActive && sort.sortDirection === 'asc' ? 'desc' : 'asc' })}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}
