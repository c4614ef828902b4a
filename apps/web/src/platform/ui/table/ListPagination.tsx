import { useTranslation } from 'react-i18next';
import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZES } from './pageSizes';

export { PAGE_SIZES };

// A phone (390 px) keeps the page arrows on screen: the words "Rows per page" go (the select keeps
// them as its name, aria-labelledby reads hidden text), the spacer goes, margins shrink, and the
// toolbar wraps rather than overflows.
const compactOnPhones = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 0, sm: 2 } },
  '& .MuiTablePagination-selectLabel, & .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { ml: { xs: 0.5, sm: 1 }, mr: { xs: 1, sm: 4 } },
  '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
} as const;

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
      sx={compactOnPhones}
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
