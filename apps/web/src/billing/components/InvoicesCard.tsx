import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InvoiceSummary } from '@cmp/contracts/billing';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { ListPagination } from '../../platform/ui/table/ListPagination';
import type { SortState } from '../../platform/ui/table/SortableHeaderCell';
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
  const [sort, setSort] = useState<SortState<InvoiceSortField>>({ sortBy: 'IssuedAt', sortDirection: 'desc' });
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1]!);
  const [side, setSide] = useState<InvoiceSide>('All');
  // A page number belongs to one order, page size and side: once they change, paging starts over.
  const listKey = JSON.stringify([sort, pageSize, side]);
  const [paging, setPaging] = useState({ listKey, page: 0 });
  const page = paging.listKey === listKey ? paging.page : 0;
  const query = useInvoices({ accountId, ...sort, ...(side === 'All' ? {} : { side }), page, pageSize });
  const data = query.data;
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
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {data &&
        (data.Invoices.length === 0 && data.Total === 0 ? (
          <Typography role="status" sx={{ py: 3 }}>
            {t('billing.invoices.empty')}
          </Typography>
        ) : (
          <>
            <InvoicesTable invoices={data.Invoices} label={t('billing.invoices.title')} describedBy={hintId} sort={sort} onSort={setSort} onOpen={setOpened} />
            <ListPagination total={data.Total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} onPageChange={(next) => setPaging({ listKey, page: next })} onPageSizeChange={setPageSize} />
          </>
        ))}
      <InvoiceFilesSection accountId={accountId} />
      {opened && <InvoiceDialog accountId={accountId} summary={opened} onClose={() => setOpened(undefined)} />}
    </Paper>
  );
}
