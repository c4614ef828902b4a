import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import { IMPORT_ACCOUNTS_RULE, IMPORT_STATUSES, type AccountImport, type ImportStatus } from '@cmp/contracts/imports';
import { failureText } from '../../platform/api/failureText';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useImportChanges, useImports } from '../api/importsApi';
import { ImportErrorsDialog } from '../components/ImportErrorsDialog';
import { ImportsTable, type ImportSortField } from '../components/ImportsTable';

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * /provisioning/my-imports (spec §2, My Imports Read): the imports under the caller's organisation,
 * sortable, filterable and paged, with their progress while the job runs, the error report of each,
 * and — for a caller who may import — cancelling a pending one after a confirmation.
 */
export function MyImportsScreen() {
  const { t } = useTranslation();
  const headingId = useId();
  const canImport = isAllowed(useSessionUser()?.Capability ?? [], IMPORT_ACCOUNTS_RULE);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ImportStatus | ''>('');
  const list = useServerPaging<ImportSortField>({ sortBy: 'CreatedAt', sortDirection: 'desc' }, [search.trim(), status], PAGE_SIZES);
  const { sortBy, sortDirection, page, pageSize } = list.request;
  const [errorsOf, setErrorsOf] = useState<AccountImport>();
  const query = useImports({ search: search.trim() || undefined, status: status || undefined, sortBy, sortDescending: sortDirection === 'desc', page, pageSize });
  const { cancel } = useImportChanges();
  const { confirm, dialog } = useConfirmDialog();
  const isFiltered = Boolean(search.trim() || status);

  const cancelImport = async (item: AccountImport) => {
    if (!(await confirm({ title: t('imports.cancel_title'), message: t('imports.cancel_message', { name: item.Name }), agreeLabel: t('imports.cancel_agree'), rejectLabel: t('imports.cancel_reject') }))) return;
    try {
      await cancel.mutateAsync(item.ImportId);
      showMessage({ type: 'success', text: t('imports.cancelled', { name: item.Name }) });
    } catch (error) {
      showMessage({ type: 'error', text: failureText(error) });
    }
  };
  const data = query.data;

  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h4" component="h1">
          {t('routes.my_imports')}
        </Typography>
        {canImport && (
          <Button component={RouterLink} to="/Account/Import" variant="contained" startIcon={<MdiIcon path={mdiPlus} />}>
            {t('imports.new_import')}
          </Button>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('imports.list_intro')}
      </Typography>
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('imports.list_title')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <TextField
            size="small"
            label={t('imports.filter_search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            type="search"
          />
          <TextField
            select
            size="small"
            label={t('imports.filter_status')}
            value={status}
            onChange={(event) => setStatus(event.target.value as ImportStatus | '')}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('imports.filter_all')}</MenuItem>
            {IMPORT_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`imports.status.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('imports.loading')} /> : <div style={{ height: 4 }} />}
        {query.isPending && <LoadingIndicator />}
        {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
        {data && (
          <ImportsTable
            imports={data.Imports}
            labelledBy={headingId}
            server={list.paging(data.Total)}
            empty={
              <Typography role="status" sx={{ py: 3 }}>
                {isFiltered ? t('imports.none_matching') : t('imports.none')}
              </Typography>
            }
            onShowErrors={setErrorsOf}
            onCancel={canImport ? cancelImport : undefined}
          />
        )}
      </Paper>
      {errorsOf && <ImportErrorsDialog item={errorsOf} onClose={() => setErrorsOf(undefined)} />}
      {dialog}
    </Box>
  );
}
