import { Suspense, useId, useMemo, useState } from 'react';
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
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazyWithPreload } from '../lazyWithPreload';
import { LoadingIndicator } from '../LoadingIndicator';
import { visuallyHidden } from '../visuallyHidden';
import { DataTableFooter } from './DataTableFooter';
import { DataTableHead } from './DataTableHead';
import { openFromRowClick, RowOpenButton } from './RowOpenButton';
import { sxList, TableFrame } from './TableFrame';
import type { DataTableProps, SortValue } from './dataTableTypes';
import { useRememberedColumns } from './useRememberedColumns';

export type { DataFooterRow } from './DataTableFooter';
export type { DataColumn, DataTableProps, RowSelection, ServerPaging, SortValue } from './dataTableTypes';

// The pager and the column menu bring MUI's Select and Menu: they load when a table first needs
// them, so a short list (the dashboard's) keeps them out of the first screen's JavaScript (issue 12).
const ColumnChooser = lazyWithPreload(() => import('./ColumnChooser').then((module) => module.ColumnChooser));
const ListPagination = lazyWithPreload(() => import('./ListPagination').then((module) => module.ListPagination));
/** MUI's pager's height: the list does not jump when it arrives. */
const PAGER_HEIGHT = 52;
const CAPTION_SX = { '& caption': { captionSide: 'top', px: 0, pt: 0, pb: 1, color: 'text.primary', fontWeight: 500 } } as const;

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

/**
 * The portal's one list (issue 32): MUI cells on TanStack Table's state. Sorting and paging run on
 * the client for a list the server answers whole, or on the server (`server`) for a long one; a
 * user's hidden columns are remembered per table; rows can be selected for bulk actions; loading,
 * error and empty states look the same everywhere.
 */
export function DataTable<Row extends RowData, Field extends string = string>(props: DataTableProps<Row, Field>) {
  const { t } = useTranslation();
  const { tableId, rows, columns, rowKey, server, selection, onRowActivate, size = 'small' } = props;
  const captionId = useId();
  const openHintId = useId();
  const pageSizes = props.pageSizes === false || props.isScreenReaderOnly ? undefined : (server?.pageSizes ?? props.pageSizes ?? CLIENT_PAGE_SIZES);
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
  const openerColumnId = (shownColumns.find((column) => column.isRowHeader) ?? shownColumns[0])?.id;
  const hasOwnOpenHint = Boolean(onRowActivate) && !props.describedBy;
  const labelledBy = props.labelledBy ?? (props.caption ? captionId : undefined);
  const label = labelledBy ? undefined : props.label;
  const tableSx = sxList(CAPTION_SX, props.isScreenReaderOnly && visuallyHidden, props.sx);

  const body = props.error ? (
    <Alert severity="error">{props.error}</Alert>
  ) : props.isLoading && rows.length === 0 ? (
    <LoadingIndicator />
  ) : rows.length === 0 ? (
    typeof props.empty === 'string' ? <Typography sx={{ py: 2 }}>{props.empty}</Typography> : props.empty
  ) : (
    <TableFrame isScreenReaderOnly={props.isScreenReaderOnly} labelledBy={labelledBy} label={label} maxBodyHeight={props.maxBodyHeight}>
      {hasOwnOpenHint && (
        <Box id={openHintId} sx={visuallyHidden}>
          {t('data_table.open_row_hint')}
        </Box>
      )}
      <Table
        size={size}
        stickyHeader={Boolean(props.maxBodyHeight)}
        sx={tableSx}
        aria-labelledby={props.caption ? undefined : props.labelledBy}
        aria-label={props.caption ? undefined : label}
        aria-describedby={props.describedBy ?? (hasOwnOpenHint ? openHintId : undefined)}
        aria-busy={props.isLoading || undefined}
      >
        {props.caption && <caption id={captionId}>{props.caption}</caption>}
        <DataTableHead
          headers={shownColumns.map((column) => {
            const tableColumn = table.getColumn(column.id);
            return { column, direction: tableColumn?.getIsSorted() || false, onSort: tableColumn?.getCanSort() ? () => tableColumn.toggleSorting(tableColumn.getIsSorted() === 'asc') : undefined };
          })}
          pageSelection={
            selection && { checked: table.getIsAllPageRowsSelected(), indeterminate: table.getIsSomePageRowsSelected(), onChange: table.getToggleAllPageRowsSelectedHandler(), label: t('data_table.select_page') }
          }
        />
        <TableBody>
          {pageRows.map((row) => (
            <TableRow
              key={row.id}
              hover
              selected={row.getIsSelected()}
              onClick={onRowActivate ? openFromRowClick : undefined}
              sx={sxList(onRowActivate && { cursor: 'pointer' }, props.rowSx?.(row.original))}
            >
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
                  {onRowActivate && column.id === openerColumnId ? (
                    <RowOpenButton label={props.rowLabel?.(row.original)} onOpen={() => onRowActivate(row.original)}>
                      {column.cell(row.original)}
                    </RowOpenButton>
                  ) : (
                    column.cell(row.original)
                  )}
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
        {props.footer && props.footer.length > 0 && <DataTableFooter rows={props.footer} columns={shownColumns} leadingCells={selection ? 1 : 0} />}
      </Table>
    </TableFrame>
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
            <Suspense fallback={null}>
              <ColumnChooser
                columns={hideable.map((column) => ({ id: column.id, header: column.header, isVisible: columnVisibility[column.id] !== false }))}
                onToggle={(id) => table.getColumn(id)?.toggleVisibility()}
              />
            </Suspense>
          )}
        </Box>
      )}
      {body}
      {!props.error && rows.length > 0 && pageSizes && total > pageSizes[0]! && (
        <Suspense fallback={<Box sx={{ minHeight: PAGER_HEIGHT }} />}>
          <ListPagination
            total={total}
            page={pagination.pageIndex}
            pageSize={pagination.pageSize}
            pageSizes={pageSizes}
            onPageChange={(page) => (server ? server.onPageChange(page) : setClientPaging((current) => ({ ...current, pageIndex: page })))}
            onPageSizeChange={(pageSize) => (server ? server.onPageSizeChange(pageSize) : setClientPaging({ pageIndex: 0, pageSize }))}
          />
        </Suspense>
      )}
    </Box>
  );
}
