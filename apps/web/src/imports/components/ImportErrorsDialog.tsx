import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import type { AccountImport } from '@cmp/contracts/imports';
import { failureText } from '../../platform/api/failureText';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useImportErrors } from '../api/importsApi';
import { ImportErrorsTable } from './ImportErrorsTable';

const ERROR_PAGE_SIZES = [25, 100, 500];
/** The server answers the errors in the file's row order only. */
const ROW_ORDER = { sortBy: 'row', sortDirection: 'asc' } as const;

/** GetImportErrors of one import, paged. */
export function ImportErrorsDialog({ item, onClose }: { item: AccountImport; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useServerPaging<string>(ROW_ORDER, item.ImportId, ERROR_PAGE_SIZES);
  const query = useImportErrors(item.ImportId, list.request.page, list.request.pageSize);
  return (
    <FormDialog open title={t('imports.errors_title', { name: item.Name })} dismissLabel={t('imports.close')} maxWidth="md" onClose={onClose}>
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data && <ImportErrorsTable errors={query.data.Errors} caption={t('imports.errors_count', { count: query.data.Total })} server={list.paging(query.data.Total)} />}
    </FormDialog>
  );
}
