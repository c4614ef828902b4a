import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { AccountImport } from '@cmp/contracts/imports';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { ListPagination } from '../../platform/ui/table/ListPagination';
import { useImportErrors } from '../api/importsApi';
import { ImportErrorsTable } from './ImportErrorsTable';

const ERROR_PAGE_SIZES = [25, 100, 500];

/** GetImportErrors of one import, paged. */
export function ImportErrorsDialog({ item, onClose }: { item: AccountImport; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(ERROR_PAGE_SIZES[1]!);
  const query = useImportErrors(item.ImportId, page, pageSize);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('imports.errors_title', { name: item.Name })}</DialogTitle>
      <DialogContent>
        {query.isPending && <LoadingIndicator />}
        {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
        {query.data && (
          <>
            <ImportErrorsTable errors={query.data.Errors} caption={t('imports.errors_count', { count: query.data.Total })} />
            <ListPagination
              total={query.data.Total}
              page={page}
              pageSize={pageSize}
              pageSizes={ERROR_PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(0);
              }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('imports.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
