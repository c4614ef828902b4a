import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiFilterRemove, mdiMicrosoftExcel } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditLogFilter, AuditSortField } from '@cmp/contracts/auditLog';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { AccountPageFrame } from '../../accounts/public';
import { failureText } from '../../platform/api/failureText';
import { saveDownload } from '../../platform/files/saveDownload';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { exportAuditLog, useAuditLog } from '../api/auditLogOperations';
import { AuditLogFilters, NO_AUDIT_FILTER, type AuditLogFilterValues } from '../components/AuditLogFilters';
import { AuditLogTable } from '../components/AuditLogTable';
import { periodToInstants } from '../utils/auditDetails';

const AUDIT_LOG_READ = requirement('AUDIT_LOG', ['Read']);

/** /account/{accountId}/audit-log: every change in the account's subtree (accounts issue "Users and logs"). */
export function AuditLogScreen() {
  return <LogScreen isUserLog={false} />;
}

/** spec §2: /account/{id}/user-log is the audit-log screen flagged as user log: what the user did or had done to them. */
export function UserLogScreen() {
  return <LogScreen isUserLog />;
}

function LogScreen({ isUserLog }: { isUserLog: boolean }) {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  const canRead = isAllowed(useSessionUser()?.Capability ?? [], AUDIT_LOG_READ);
  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey={isUserLog ? 'routes.user_log' : 'routes.audit_log'}>
      {canRead ? <AuditLogCard key={`${accountId}-${isUserLog}`} accountId={accountId} isUserLog={isUserLog} /> : <Alert severity="info">{t('audit_log.no_access')}</Alert>}
    </AccountPageFrame>
  );
}

function toRequestFilter(values: AuditLogFilterValues, actor: string): AuditLogFilter {
  // A period whose end lies before its start is shown as an error on the field, not sent.
  const period = values.fromDay && values.toDay && values.toDay < values.fromDay ? {} : periodToInstants(values.fromDay, values.toDay);
  return { ...period, ...(actor ? { actor } : {}), ...(values.action ? { action: values.action } : {}) };
}

function AuditLogCard({ accountId, isUserLog }: { accountId: number; isUserLog: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [filterValues, setFilterValues] = useState(NO_AUDIT_FILTER);
  const [isExporting, setIsExporting] = useState(false);
  const actor = useDebouncedValue(filterValues.actor.trim());
  const filter = toRequestFilter(filterValues, actor);
  const list = useServerPaging<AuditSortField>({ sortBy: 'OccurredAt', sortDirection: 'desc' }, filter);
  const logQuery = useAuditLog({ accountId, isUserLog, filter, ...list.request });
  const isFiltered = JSON.stringify(filterValues) !== JSON.stringify(NO_AUDIT_FILTER);

  const download = async () => {
    setIsExporting(true);
    try {
      saveDownload(await exportAuditLog({ accountId, isUserLog, filter, sortBy: list.request.sortBy, sortDirection: list.request.sortDirection }));
    } catch {
      // Shown as an error toast (spec §8).
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {isUserLog ? t('audit_log.user_log_title') : t('audit_log.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {isUserLog ? t('audit_log.user_log_intro') : t('audit_log.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { lg: 'flex-start' } }}>
        <AuditLogFilters values={filterValues} onChange={setFilterValues} />
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setFilterValues(NO_AUDIT_FILTER)} disabled={!isFiltered} startIcon={<MdiIcon path={mdiFilterRemove} />}>
            {t('audit_log.clear_filters')}
          </Button>
          <Button variant="outlined" onClick={() => void download()} loading={isExporting} startIcon={<MdiIcon path={mdiMicrosoftExcel} />}>
            {t('audit_log.export')}
          </Button>
        </Stack>
      </Stack>
      {logQuery.isFetching && !logQuery.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
      {logQuery.isPending && <LoadingIndicator />}
      {logQuery.isError && <Alert severity="error">{failureText(logQuery.error)}</Alert>}
      {logQuery.data && (
        <AuditLogTable
          entries={logQuery.data.Entries}
          labelledBy={headingId}
          server={list.paging(logQuery.data.Total)}
          empty={
            <Typography role="status" sx={{ py: 3 }}>
              {isFiltered ? t('audit_log.none_matching') : t('audit_log.none')}
            </Typography>
          }
        />
      )}
    </Paper>
  );
}
