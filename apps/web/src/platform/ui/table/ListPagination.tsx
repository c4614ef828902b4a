import { useTranslation } from 'react-i18next';
import TablePagination from '@mui/material/TablePagination';

export const PAGE_SIZES = [10, 25, 50, 100, 200];

interface ListPaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizes?: number[];
}

/** Server-side paging of a long list, every label in the user's language. */
export function ListPagination({ total, page, pageSize, onPageChange, onPageSizeChange, pageSizes = PAGE_SIZES }: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes}
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={t('users.rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => t('users.displayed_rows', { from, to, count })}
      getItemAriaLabel={(type) => t(`users.page_${type}`)}
    />
  );
}
