import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportCell, ReportResult } from '@cmp/contracts/reporting';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { formatCell, isNumeric } from './formatCell';

interface ReportGridProps {
  result: ReportResult;
  labelledBy: string;
  server: ServerPaging<string>;
  empty: ReactNode;
}

/** A report's row with its place on the page: rows of a report have no id of their own. */
interface ReportRow {
  cells: ReportCell[];
  position: number;
}

/** One page of a report: the shown columns, sortable on the server where the report allows it. */
export function ReportGrid({ result, labelledBy, server, empty }: ReportGridProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const columns: DataColumn<ReportRow>[] = result.Columns.map((column, index) => ({
    id: column.Name,
    header: column.Title,
    sortable: column.Sortable,
    align: isNumeric(column.Type) ? 'right' : 'left',
    cellSx: isNumeric(column.Type) ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' },
    cell: (row) => formatCell(row.cells[index] ?? null, column.Type, locale),
  }));
  return (
    <DataTable
      tableId="report-result"
      rows={result.Rows.map((cells, position) => ({ cells, position }))}
      rowKey={(row) => row.position}
      columns={columns}
      labelledBy={labelledBy}
      server={server}
      empty={empty}
      sx={{ '& td, & th': { px: 1 } }}
    />
  );
}
