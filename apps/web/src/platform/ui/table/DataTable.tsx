import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { LoadingIndicator } from '../LoadingIndicator';
import { visuallyHidden } from '../visuallyHidden';
import { ColumnChooser } from './ColumnChooser';
import { ListPagination } from './ListPagination';
import type { SortState } from './SortableHeaderCell';
import { useRememberedColumns } from './useRememberedColumns';

/**
 * The portal's one list (issue 32): MUI cells on TanStack Table's state. Sorting and paging run on
 * the client for a list the server answers whole, or on the server (`server`) for a long one; a
 * user's hidden columns are remembered per table; rows can be selected for bulk actions; loading,
 * error and empty states look the same everywhere.
 */

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
}

const CLIENT_PAGE_SIZES = [10, 25, 50, 100];

/** Ascending order of two sort values: numbers by size, texts by the reader's collation, empty last. */
export function compareSortValues(left: SortValue, right: SortValue): number {
  const isLeftEmpty = left === null || left === undefined || left === '';
  const isRightEmpty = right === null || right === undefined || right === '';
  if (isLeftEmpty || isRightEmpty) return isLeftEmpty === isRightEmpty ? 0 : isLeftEmpty ? 1 : -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right), undefined, { numeric: true, sensitivity: 'base' });
}

interface SortableRow {
  getValue: (columnId: string) => unknown;
}
const bySortValue = (rowA: SortableRow, rowB: SortableRow, columnId: string) => compareSortValues(rowA.getValue(columnId) as SortValue, rowB.getValue(columnId) as SortValue);

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { bySortValue },
});

const applied = <T,>(updater: Updater<T>, current: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater);

export function DataTable<Row extends RowData, Field extends string = string>(props: DataTableProps<Row, Field>) {
  const { t } = useTranslation();
  const { tableId, rows, columns, rowKey, server, selection, size = 'small' } = props;
  const pageSizes = props.pageSizes === false ? undefined : (server?.pageSizes ?? props.pageSizes ?? CLIENT_PAGE_SIZES);
  const [clientSorting, setClientSorting] = useState<SortingState>(props.initialSort ? [{ id: props.initialSort.sortBy, desc: props.initialSort.sortDirection === 'desc' }] : []);
  const [clientPaging, setClientPaging] = useState<PaginationState>({ pageIndex: 0, pageSize: pageSizes?.[0] ?? Number.MAX_SAFE_INTEGER });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [hiddenColumns, setHiddenColumns] = useRememberedColumns(tableId);

  const columnDefs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: (row: Row) => column.sortValue?.(row) ?? null,
        enableSorting: server ? Boolean(column.sortable) : Boolean(column.sortValue),
        enableHiding: Boolean(column.isHideable) && !column.isRowHeader,
        sortFn: 'bySortValue',
      })),
    [columns, server],
  );
  const data = useMemo(() => [...rows], [rows]);
  const sorting: SortingState = server ? [{ id: server.sort.sortBy, desc: server.sort.sortDirection === 'desc' }] : clientSorting;
  // A list that shrank (a row removed) never leaves the page past its end.
  const lastClientPage = Math.max(0, Math.ceil(rows.length / clientPaging.pageSize) - 1);
  const pagination: PaginationState = server ? { pageIndex: server.page, pageSize: server.pageSize } : { ...clientPaging, pageIndex: Math.min(clientPaging.pageIndex, lastClientPage) };
  const columnVisibility = Object.fromEntries(hiddenColumns.filter((id) => columns.some((c) => c.id === id && c.isHideable && !c.isRowHeader)).map((id) => [id, false]));

  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row: Row) => String(rowKey(row)),
    state: { sorting, pagination, rowSelection, columnVisibility },
    manualSorting: Boolean(server),
    manualPagination: Boolean(server),
    rowCount: server ? server.total : rows.length,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: selection ? (row) => selection.isSelectable?.(row.original) ?? true : false,
    onSortingChange: (updater) => {
      const [next] = applied(updater, sorting);
      if (!next) return;
      if (server) server.onSort({ sortBy: next.id as Field, sortDirection: next.desc ? 'desc' : 'asc' });
      else {
        setClientSorting([next]);
        setClientPaging((paging) => ({ ...paging, pageIndex: 0 }));
      }
    },
    // The server's page is the caller's state; the table only resets the client's page.
    onPaginationChange: (updater) => {
      if (!server) setClientPaging((current) => applied(updater, current));
    },
    onRowSelectionChange: (updater) => setRowSelection((current) => applied(updater, current)),
    onColumnVisibilityChange: (updater) => {
      const next = applied(updater, columnVisibility);
      setHiddenColumns(Object.entries(next).flatMap(([id, isVisible]) => (isVisible ? [] : [id])));
    },
  });

  const shownColumns = columns.filter((column) => columnVisibility[column.id] !== false);
  const pageRows = table.getRowModel().rows;
  const selectedRows = selection ? table.getSelectedRowModel().rows.map((row) => row.original) : [];
  const hideable = columns.filter((column) => column.isHideable && !column.isRowHeader);
  const total = server ? server.total : rows.length;
  const columnCount = shownColumns.length + (selection ? 1 : 0);

  const body = props.error ? (
    <Alert severity="error">{props.error}</Alert>
  ) : props.isLoading && rows.length === 0 ? (
    <LoadingIndicator />
  ) : rows.length === 0 ? (
    typeof props.empty === 'string' ? <Typography sx={{ py: 2 }}>{props.empty}</Typography> : props.empty
  ) : (
    // A keyboard user can scroll a wide table sideways on a narrow screen (WCAG 2.1.1).
    <TableContainer tabIndex={0} role="region" aria-labelledby={props.labelledBy} aria-label={props.labelledBy ? undefined : props.label}>
      <Table size={size} sx={props.sx} aria-labelledby={props.labelledBy} aria-label={props.labelledBy ? undefined : props.label} aria-describedby={props.describedBy} aria-busy={props.isLoading || undefined}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={table.getIsAllPageRowsSelected()}
                  indeterminate={table.getIsSomePageRowsSelected()}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                  slotProps={{ input: { 'aria-label': t('data_table.select_page') } }}
                />
              </TableCell>
            )}
            {shownColumns.map((column) => {
              const tableColumn = table.getColumn(column.id);
              const direction = tableColumn?.getIsSorted();
              if (!tableColumn?.getCanSort()) {
                return (
                  <TableCell key={column.id} align={column.align}>
                    {column.isHeaderHidden ? <Box component="span" sx={visuallyHidden}>{column.header}</Box> : column.header}
                  </TableCell>
                );
              }
              return (
                <TableCell key={column.id} align={column.align} sortDirection={direction || false} aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                  <TableSortLabel active={Boolean(direction)} direction={direction || 'asc'} onClick={() => tableColumn.toggleSorting(direction === 'asc')}>
                    {column.header}
                  </TableSortLabel>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {pageRows.map((row) => (
            <TableRow key={row.id} hover selected={row.getIsSelected()} sx={props.rowSx?.(row.original)}>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={row.getIsSelected()}
                    disabled={!row.getCanSelect()}
                    onClick={row.getToggleSelectedHandler()}
                    slotProps={{ input: { 'aria-label': selection.rowLabel(row.original) } }}
                  />
                </TableCell>
              )}
              {shownColumns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={column.cellSxOf?.(row.original) ?? column.cellSx} {...(column.isRowHeader ? { component: 'th' as const, scope: 'row' } : {})}>
                  {column.cell(row.original)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {props.isLoading && (
            <TableRow>
              <TableCell colSpan={columnCount}>
                <LoadingIndicator />
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const hasToolbar = Boolean(props.toolbar) || hideable.length > 0 || selectedRows.length > 0;
  return (
    <Box>
      {hasToolbar && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          {selection && selectedRows.length > 0 && (
            <Box role="group" aria-label={t('data_table.selected_actions')} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" aria-live="polite">
                {t('data_table.selected_count', { count: selectedRows.length })}
              </Typography>
              {selection.actions(selectedRows, () => setRowSelection({}))}
            </Box>
          )}
          <Box sx={{ flex: 1 }} />
          {props.toolbar}
          {hideable.length > 0 && (
            <ColumnChooser
              columns={hideable.map((column) => ({ id: column.id, header: column.header, isVisible: columnVisibility[column.id] !== false }))}
              onToggle={(id) => table.getColumn(id)?.toggleVisibility()}
            />
          )}
        </Box>
      )}
      {body}
      {!props.error && rows.length > 0 && pageSizes && total > pageSizes[0]! && (
        <ListPagination
          total={total}
          page={pagination.pageIndex}
          pageSize={pagination.pageSize}
          pageSizes={pageSizes}
          onPageChange={(page) => (server ? server.onPageChange(page) : setClientPaging((current) => ({ ...current, pageIndex: page })))}
          onPageSizeChange={(pageSize) => (server ? server.onPageSizeChange(pageSize) : setClientPaging({ pageIndex: 0, pageSize }))}
        />
      )}
    </Box>
  );
}
