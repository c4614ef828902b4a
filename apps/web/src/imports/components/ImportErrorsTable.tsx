import { useTranslation } from 'react-i18next';
import type { ImportRowError } from '@cmp/contracts/imports';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';

/** How tall the report grows before its rows scroll under the header (it sits in a dialog or below the upload). */
const MAX_BODY_HEIGHT = 420;

type NumberedError = ImportRowError & { position: number };

interface ImportErrorsTableProps {
  errors: ImportRowError[];
  caption: string;
  /** A page of an import's errors; left out, the rows given are every error and sort on the client. */
  server?: ServerPaging<string>;
}

/** The row-level error report: the file's row number, the column and what is wrong, in row order. */
export function ImportErrorsTable({ errors, caption, server }: ImportErrorsTableProps) {
  const { t } = useTranslation();
  const columns: DataColumn<NumberedError>[] = [
    { id: 'row', header: t('imports.column_row'), isRowHeader: true, sortValue: (error) => error.Row, cellSx: { width: '1%', whiteSpace: 'nowrap' }, cell: (error) => error.Row },
    { id: 'column', header: t('imports.column_column'), sortValue: (error) => error.Column, cellSx: { width: '1%', whiteSpace: 'nowrap' }, cell: (error) => error.Column },
    { id: 'message', header: t('imports.column_message'), sortValue: (error) => error.Message, cellSx: { overflowWrap: 'anywhere' }, cell: (error) => error.Message },
  ];
  return (
    <DataTable
      tableId="import-errors"
      // A row of the file can have several errors: their place in the report tells them apart.
      rows={errors.map((error, position) => ({ ...error, position }))}
      rowKey={(error) => error.position}
      columns={columns}
      caption={caption}
      maxBodyHeight={MAX_BODY_HEIGHT}
      server={server}
      // Every error given scrolls in the capped height; only the server's pages page.
      pageSizes={server ? undefined : false}
      empty={null}
    />
  );
}
