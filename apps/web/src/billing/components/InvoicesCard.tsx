import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InvoiceSummary } from '@cmp/contracts/billing';
import { failureText } from '../../platform/api/failureText';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useInvoices } from '../api/billingOperations';
import { InvoiceDialog } from './InvoiceDialog';
import { InvoiceFilesSection } from './InvoiceFilesSection';
import { InvoicesTable, type InvoiceSortField } from './InvoicesTable';

const PAGE_SIZES = [10, 25, 50, 100];
/** Which invoices: both sides, those the account issued (its sales), those it received (a reseller's bills from its own seller). */
const SIDES = ['All', 'Sales', 'Purchases'] as const;
type InvoiceSide = (typeof SIDES)[number];

/** The invoices and credit notes the account issued or received, newest first; a row opens one. Below them, a month's invoices as PDF files. */
export function InvoicesCard({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const [side, setSide] = useState<InvoiceSide>('All');
  const list = useServerPaging<InvoiceSortField>({ sortBy: 'IssuedAt', sortDirection: 'desc' }, side, PAGE_SIZES);
  const query = useInvoices({ accountId, ...list.request, ...(side === 'All' ? {} : { side }) });
  const [opened, setOpened] = useState<InvoiceSummary>();

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3, mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('billing.invoices.title')}
      </Typography>
      <Typography id={hintId} color="text.secondary" sx={{ mb: 2 }}>
        {t('billing.invoices.intro')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('billing.invoices.side_label')}
        value={side}
        onChange={(event) => setSide(event.target.value as InvoiceSide)}
        sx={{ minWidth: 240, mb: 2 }}
      >
        {SIDES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`billing.invoices.side.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
      <InvoicesTable
        invoices={query.data?.Invoices ?? []}
        labelledBy={headingId}
        describedBy={hintId}
        server={list.paging(query.data?.Total ?? 0)}
        isLoading={query.isPending}
        error={query.isError ? failureText(query.error) : undefined}
        empty={
          <Typography role="status" sx={{ py: 3 }}>
            {t('billing.invoices.empty')}
          </Typography>
        }
        onOpen={setOpened}
      />
      <InvoiceFilesSection accountId={accountId} />
      {opened && <InvoiceDialog accountId={accountId} summary={opened} onClose={() => setOpened(undefined)} />}
    </Paper>
  );
}
