import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { mdiMicrosoftExcel } from '@mdi/js';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { exportOnlineBill, useIntervals, useOnlineBill } from '../api/billingOperations';
import { saveDownload } from '../../platform/files/saveDownload';
import { defaultInterval } from '../utils/billingFormat';
import { IntervalSelect } from './IntervalSelect';
import { OnlineBillCustomers, OnlineBillTotals } from './OnlineBillSummary';
import { OnlineBillTable, type OnlineBillSortField } from './OnlineBillTable';

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * The online bill (spec §7 GetOnlineBill): what an account sold and bought in one month, line by
 * line, sorted and paged on the server, with its totals and, on request, a summary per customer.
 */
export function OnlineBillCard({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const intervals = useIntervals(accountId);
  // Until the user picks a month, the newest closed one: the last complete bill.
  const [chosenInterval, setChosenInterval] = useState<string>();
  const interval = chosenInterval ?? (intervals.data ? defaultInterval(intervals.data.Intervals) : undefined);
  const [groupByCustomers, setGroupByCustomers] = useState(false);
  const [hideIndirectPayments, setHideIndirectPayments] = useState(false);
  const list = useServerPaging<OnlineBillSortField>({ sortBy: 'Customer', sortDirection: 'asc' }, [interval, groupByCustomers, hideIndirectPayments], PAGE_SIZES);
  const bill = useOnlineBill(interval ? { accountId, billingInterval: interval, hideIndirectPayments, groupByCustomers, ...list.request } : undefined);
  const data = bill.data;
  const [exporting, setExporting] = useState(false);
  const exportBill = async () => {
    if (!interval) return;
    setExporting(true);
    try {
      saveDownload(await exportOnlineBill({ accountId, billingInterval: interval, hideIndirectPayments, groupByCustomers }));
    } catch {
      // callOperation has shown the failure.
    } finally {
      setExporting(false);
    }
  };
  const noData = (
    <Typography role="status" sx={{ py: 3 }}>
      {t('billing.online_bill.empty')}
    </Typography>
  );

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3, mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('billing.online_bill.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {/* No currency named: a company may buy in its pricelist's and be charged in its own (the totals name theirs). */}
        {t('billing.online_bill.intro')}
      </Typography>
      {intervals.isPending && <LoadingIndicator />}
      {intervals.isError && <Alert severity="error">{t('billing.errors.intervals')}</Alert>}
      {intervals.data && intervals.data.Intervals.length === 0 && noData}
      {intervals.data && interval && (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 1 }}>
            <IntervalSelect intervals={intervals.data.Intervals} value={interval} onChange={setChosenInterval} label={t('billing.interval')} />
            <FormControlLabel control={<Switch checked={groupByCustomers} onChange={(event) => setGroupByCustomers(event.target.checked)} />} label={t('billing.online_bill.group_by_customers')} />
            <FormControlLabel control={<Switch checked={hideIndirectPayments} onChange={(event) => setHideIndirectPayments(event.target.checked)} />} label={t('billing.online_bill.hide_indirect')} />
            <Button variant="outlined" startIcon={<MdiIcon path={mdiMicrosoftExcel} />} onClick={() => void exportBill()} disabled={exporting || !data || data.Total === 0} sx={{ ml: { md: 'auto !important' } }}>
              {t('billing.online_bill.export')}
            </Button>
          </Stack>
          {bill.isFetching && !bill.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
          {bill.isPending && <LoadingIndicator />}
          {bill.isError && <Alert severity="error">{failureText(bill.error)}</Alert>}
          {data &&
            (data.Total === 0 && data.Lines.length === 0 ? (
              noData
            ) : (
              <>
                <OnlineBillTotals bill={data} />
                {groupByCustomers && data.Customers.length > 0 && <OnlineBillCustomers bill={data} />}
                <OnlineBillTable lines={data.Lines} label={t('billing.online_bill.lines_label')} server={list.paging(data.Total)} empty={noData} />
              </>
            ))}
        </>
      )}
    </Paper>
  );
}
