import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PROVISIONING_ACTIONS,
  PROVISIONING_ORDER_STATUSES,
  type ProvisioningAction,
  type ProvisioningActionResult,
  type ProvisioningOrderStatus,
  type ProvisioningRequest,
  type ProvisioningSortField,
} from '@cmp/contracts/provisioning';
import { failureText } from '../../platform/api/failureText';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { provisioningQueryKey, runProvisioningAction, useProvisioningRequests } from '../api/provisioningOperations';
import { ProvisioningTable } from './ProvisioningTable';

const PAGE_SIZES = [10, 25, 50, 100];
type StatusFilter = ProvisioningOrderStatus | 'All';

/**
 * Provisioning requests (issue 14; spec §2 "/provisioning", §4 "Provisioning actions"): filtered,
 * sorted and paged on the server; selected rows can be cancelled, completed, escalated,
 * resubmitted or retried at once — an action is enabled only when every selected request allows it
 * (the server's AllowedActions, from the one action table), asks for confirmation, and each row
 * shows the answer for it afterwards.
 */
export function ProvisioningCard({ accountId }: { accountId?: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const [status, setStatus] = useState<StatusFilter>('All');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [customer, setCustomer] = useState('');
  const [vendor, setVendor] = useState<number | ''>('');
  const [results, setResults] = useState<{ action: ProvisioningAction; byId: Map<number, ProvisioningActionResult> }>();
  const [running, setRunning] = useState<ProvisioningAction>();
  const [actionError, setActionError] = useState<string>();
  const customerText = useDebouncedValue(customer.trim());
  const validDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const filter = {
    ...(status === 'All' ? {} : { Status: status }),
    ...(validDate(dateFrom) ? { DateFrom: dateFrom } : {}),
    ...(validDate(dateTo) ? { DateTo: dateTo } : {}),
    ...(customerText ? { Customer: customerText } : {}),
    ...(vendor === '' ? {} : { VendorAccountId: vendor }),
  };
  const list = useServerPaging<ProvisioningSortField>({ sortBy: 'SendDate', sortDirection: 'desc' }, [filter, accountId], PAGE_SIZES);
  const query = useProvisioningRequests({ ...(accountId === undefined ? {} : { accountId }), filter, ...list.request });
  const data = query.data;
  const isFiltered = Object.keys(filter).length > 0;

  // An action is offered when every selected request (of this page: what the user sees) allows it.
  const allows = (action: ProvisioningAction, selected: ProvisioningRequest[]) => selected.every((request) => request.AllowedActions.includes(action));

  const act = async (action: ProvisioningAction, selected: ProvisioningRequest[], clearSelection: () => void) => {
    const ids = selected.map((request) => request.RequestId);
    const label = t(`provisioning.actions.${action}`);
    const agreed = await confirm({
      title: t(`provisioning.confirm_title.${action}`),
      message: (
        <>
          <Typography component="span" sx={{ display: 'block', mb: 1 }}>
            {t(`provisioning.confirm_message.${action}`)}
          </Typography>
          <Typography component="span" sx={{ display: 'block' }}>
            {t('provisioning.confirm_requests', { ids: ids.join(', ') })}
          </Typography>
        </>
      ),
      agreeLabel: label,
      rejectLabel: t('provisioning.confirm_reject'),
    });
    if (!agreed) return;
    setRunning(action);
    setActionError(undefined);
    try {
      const answer = await runProvisioningAction(action, ids);
      setResults({ action, byId: new Map(answer.Results.map((result) => [result.RequestId, result])) });
      clearSelection();
    } catch (error) {
      setActionError(failureText(error));
    } finally {
      setRunning(undefined);
      await queryClient.invalidateQueries({ queryKey: provisioningQueryKey });
    }
  };

  const resultList = results ? [...results.byId.values()] : [];
  const doneCount = resultList.filter((result) => result.Outcome === 'Done').length;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('provisioning.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: data?.CanAct ? 1 : 2 }}>
        {t('provisioning.intro')}
      </Typography>
      {data?.CanAct && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('provisioning.select_hint')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 2 }} useFlexGap>
        <TextField size="small" select label={t('provisioning.filter_status')} value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)} sx={{ minWidth: 180 }}>
          <MenuItem value="All">{t('provisioning.status_all')}</MenuItem>
          {PROVISIONING_ORDER_STATUSES.map((each) => (
            <MenuItem key={each} value={each}>
              {t(`provisioning.order_status.${each}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('provisioning.filter_date_from')}
          value={dateFrom}
          onChange={(event) => setDateFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 170 }}
        />
        <TextField size="small" type="date" label={t('provisioning.filter_date_to')} value={dateTo} onChange={(event) => setDateTo(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={{ minWidth: 170 }} />
        <TextField size="small" type="search" label={t('provisioning.filter_customer')} value={customer} onChange={(event) => setCustomer(event.target.value)} sx={{ minWidth: 220 }} />
        <TextField
          size="small"
          select
          label={t('provisioning.filter_vendor')}
          value={vendor === '' ? 'All' : String(vendor)}
          onChange={(event) => setVendor(event.target.value === 'All' ? '' : Number(event.target.value))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="All">{t('provisioning.vendor_all')}</MenuItem>
          {(data?.Vendors ?? []).map((each) => (
            <MenuItem key={each.AccountId} value={String(each.AccountId)}>
              {each.Name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {actionError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {actionError}
        </Alert>
      )}
      {results && (
        <Alert severity={doneCount === resultList.length ? 'success' : doneCount === 0 ? 'error' : 'warning'} sx={{ mb: 2 }} onClose={() => setResults(undefined)} role="status">
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t('provisioning.results_summary', { action: t(`provisioning.actions.${results.action}`), done: doneCount, total: resultList.length })}
          </Typography>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {resultList.map((result) => (
              <li key={result.RequestId}>{result.Message}</li>
            ))}
          </ul>
        </Alert>
      )}

      {/* A new filter, order or page shows progress; the quiet background look at open requests does not. */}
      {(query.isFetching && query.isPlaceholderData) || running ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
      <ProvisioningTable
        requests={data?.Requests ?? []}
        labelledBy={headingId}
        describedBy={data?.CanAct ? hintId : undefined}
        server={list.paging(data?.Total ?? 0)}
        isLoading={query.isPending}
        error={query.isError && failureText(query.error)}
        empty={
          <Typography role="status" sx={{ py: 3 }}>
            {isFiltered ? t('provisioning.none_matching') : t('provisioning.none')}
          </Typography>
        }
        results={results?.byId ?? new Map()}
        bulkActions={
          data?.CanAct
            ? (selected, clearSelection) => (
                <Stack role="toolbar" aria-label={t('provisioning.bulk_actions')} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  {PROVISIONING_ACTIONS.map((action) => (
                    <Button key={action} variant="outlined" size="small" disabled={!allows(action, selected) || running !== undefined} onClick={() => void act(action, selected, clearSelection)}>
                      {t(`provisioning.actions.${action}`)}
                    </Button>
                  ))}
                  <Button size="small" onClick={clearSelection}>
                    {t('provisioning.clear_selection')}
                  </Button>
                </Stack>
              )
            : undefined
        }
      />
      {dialog}
    </Paper>
  );
}
