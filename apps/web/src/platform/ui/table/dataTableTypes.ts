import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import type { DataFooterRow } from './DataTableFooter';
import type { SortState } from './SortableHeaderCell';

/** The DataTable's columns and props (DataTable.tsx re-exports them). */

export type SortValue = string | number | null | undefined;

export interface DataColumn<Row> {
  id: string;
  header: string;
  /** The header is read by screen readers only (an actions column). */
  isHeaderHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** The value a client-sorted column sorts by (numbers as numbers; empty last). */
  sortValue?: (row: Row) => SortValue;
  /** A server-sorted table's column that sorts (its id is the field the server sorts by). */
  sortable?: boolean;
  /** Amount columns are right-aligned, header and figures alike. */
  align?: 'left' | 'right';
  /** The cell names the row for screen readers (`<th scope="row">`). */
  isRowHeader?: boolean;
  /** A column the user may hide (remembered per user and table); the row header never hides. */
  isHideable?: boolean;
  cellSx?: SxProps<Theme>;
  /** A row's own style of the cell (a count shown in red when it is not zero). */
  cellSxOf?: (row: Row) => SxProps<Theme> | undefined;
}

/** Paging and sorting done by the server: the table shows one page and asks for another. */
export interface ServerPaging<Field extends string> {
  total: number;
  page: number;
  pageSize: number;
  sort: SortState<Field>;
  onSort: (sort: SortState<Field>) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizes?: number[];
}

export interface RowSelection<Row> {
  /** The check box's accessible name for a row ("Select Contoso Ltd"). */
  rowLabel: (row: Row) => string;
  /** The actions on the selected rows, shown above the table while any is selected. */
  actions: (selected: Row[], clearSelection: () => void) => ReactNode;
  isSelectable?: (row: Row) => boolean;
}

export interface DataTableProps<Row, Field extends string = string> {
  /** Remembers this table's hidden columns under this name. */
  tableId: string;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** The id of the heading that names the table (or `label`). */
  labelledBy?: string;
  label?: string;
  /** The id of a text that explains the table (how to open a row). */
  describedBy?: string;
  /** Client-side sorting: the first order; no sort when left out. */
  initialSort?: SortState<string>;
  /** Client-side paging: page sizes (the first is the default); false shows every row. */
  pageSizes?: number[] | false;
  server?: ServerPaging<Field>;
  isLoading?: boolean;
  /** What went wrong, shown instead of the rows. */
  error?: ReactNode;
  /** Shown instead of the table when there is no row. */
  empty: ReactNode;
  selection?: RowSelection<Row>;
  /** Actions of the whole list (an export), at the top right. */
  toolbar?: ReactNode;
  size?: 'small' | 'medium';
  /** The table's own style (narrower cells). */
  sx?: SxProps<Theme>;
  rowSx?: (row: Row) => SxProps<Theme> | undefined;
  /**
   * Opens a row (its dialog): the row header's content becomes a button, and a click elsewhere on
   * the row presses it. Without `describedBy`, the table says to screen readers how a row opens.
   */
  onRowActivate?: (row: Row) => void;
  /** The open button's name when the row header's text alone does not say what opens; it contains that text. */
  rowLabel?: (row: Row) => string;
  /** Totals rows below the rows (tfoot). */
  footer?: readonly DataFooterRow[];
  /** A visible caption that names the table (instead of `labelledBy` or `label`). */
  caption?: string;
  /** The rows scroll within this height under a header that stays (a long list in a dialog). */
  maxBodyHeight?: number;
  /** The table is for screen readers only (a chart's figures): not shown, no scroll stop, every row. */
  isScreenReaderOnly?: boolean;
}
