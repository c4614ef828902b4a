import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

/** A totals row below the rows (an invoice's subtotal, tax and total): its name, and values under the columns they total. */
export interface DataFooterRow {
  label: ReactNode;
  /** By column id. The label spans the columns before the first one with a value. */
  values: Record<string, ReactNode>;
  sx?: SxProps<Theme>;
}

interface FooterColumn {
  id: string;
  align?: 'left' | 'right';
  cellSx?: SxProps<Theme>;
}

// MUI's footer cells are small and grey; totals read like the rows above them.
const footerSx = { '& .MuiTableCell-footer': { color: 'text.primary', fontSize: '0.875rem', fontWeight: 500 } } as const;

/** The table's totals rows: each a row header naming it, placed beside the values it names. */
export function DataTableFooter({ rows, columns, leadingCells }: { rows: readonly DataFooterRow[]; columns: readonly FooterColumn[]; leadingCells: number }) {
  return (
    <TableFooter sx={footerSx}>
      {rows.map((row, index) => {
        const firstValue = columns.findIndex((column) => column.id in row.values);
        const labelSpan = Math.max(1, firstValue === -1 ? columns.length : firstValue);
        return (
          // Totals rows are a fixed list in the caller's order: the index names each.
          <TableRow key={index} sx={row.sx}>
            <TableCell component="th" scope="row" colSpan={labelSpan + leadingCells} align={columns[labelSpan]?.align}>
              {row.label}
            </TableCell>
            {columns.slice(labelSpan).map((column) => (
              <TableCell key={column.id} align={column.align} sx={column.cellSx}>
                {row.values[column.id]}
              </TableCell>
            ))}
          </TableRow>
        );
      })}
    </TableFooter>
  );
}
