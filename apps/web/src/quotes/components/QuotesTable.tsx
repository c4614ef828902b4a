import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiContentCopy, mdiDeleteOutline, mdiPencilOutline, mdiTextBoxSearchOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { QuoteSortField, QuoteSummary } from '@cmp/contracts/salesQuotes';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { amountSx } from '../../platform/money/amountSx';
import { QuoteStatusChip } from './QuoteStatusChip';
import { formatQuoteDay } from './formatQuoteDay';

export interface QuoteRowActions {
  onDetails: (quote: QuoteSummary) => void;
  /** Undefined for a row the caller may not change (the customer's side, or without the capability). */
  canEdit: (quote: QuoteSummary) => boolean;
  canCopy: (quote: QuoteSummary) => boolean;
  canDelete: (quote: QuoteSummary) => boolean;
  onEdit: (quote: QuoteSummary) => void;
  onCopy: (quote: QuoteSummary) => void;
  onDelete: (quote: QuoteSummary) => void;
}

interface QuotesTableProps {
  quotes: QuoteSummary[];
  labelledBy: string;
  /** The server's page of quotes: its order, page and page size. */
  server: ServerPaging<QuoteSortField>;
  /** Shown instead of the table when the page has no quote. */
  empty: ReactNode;
  actions: QuoteRowActions;
}

/** Quotes: name, customer, status, total, validity, created; details, edit, copy and delete per row. */
export function QuotesTable({ quotes, labelledBy, server, empty, actions }: QuotesTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const nameOf = (quote: QuoteSummary) => t('quotes.quote_name', { id: quote.QuoteId, name: quote.Name });
  const columns: DataColumn<QuoteSummary>[] = [
    {
      id: 'Name',
      header: t('quotes.column_name'),
      sortable: true,
      isRowHeader: true,
      cellSx: { minWidth: 180, overflowWrap: 'anywhere' },
      cell: (quote) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {quote.Name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('quotes.quote_number', { id: quote.QuoteId })} · {quote.CreatedByName}
          </Typography>
        </>
      ),
    },
    { id: 'Customer', header: t('quotes.column_customer'), sortable: true, cellSx: { minWidth: 140, overflowWrap: 'anywhere' }, cell: (quote) => quote.CustomerName },
    { id: 'Status', header: t('quotes.column_status'), sortable: true, cell: (quote) => <QuoteStatusChip status={quote.Status} /> },
    { id: 'Total', header: t('quotes.column_total'), sortable: true, align: 'right', cellSx: { ...amountSx, fontWeight: 500 }, cell: (quote) => formatMoney(quote.Total, quote.Currency, locale) },
    { id: 'ValidUntil', header: t('quotes.column_valid_until'), sortable: true, isHideable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (quote) => formatQuoteDay(quote.ValidUntil, locale) },
    { id: 'CreatedAt', header: t('quotes.column_created'), sortable: true, isHideable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (quote) => formatDateTime(quote.CreatedAt, locale) },
    {
      id: 'actions',
      header: t('quotes.column_actions'),
      isHeaderHidden: true,
      cellSx: { width: '1%', whiteSpace: 'nowrap' },
      cell: (quote) => {
        const name = nameOf(quote);
        return (
          <>
            <RowActionButton label={t('quotes.show_details', { name })} icon={mdiTextBoxSearchOutline} onClick={() => actions.onDetails(quote)} />
            {actions.canEdit(quote) && <RowActionButton label={t('quotes.edit_quote', { name })} icon={mdiPencilOutline} onClick={() => actions.onEdit(quote)} />}
            {actions.canCopy(quote) && <RowActionButton label={t('quotes.copy_quote', { name })} icon={mdiContentCopy} onClick={() => actions.onCopy(quote)} />}
            {actions.canDelete(quote) && <RowActionButton label={t('quotes.delete_quote', { name })} icon={mdiDeleteOutline} onClick={() => actions.onDelete(quote)} />}
          </>
        );
      },
    },
  ];
  return (
    // Narrow cells: the list has seven columns.
    <Box sx={{ '& td, & th': { px: 1 } }}>
      <DataTable tableId="quotes" rows={quotes} columns={columns} rowKey={(quote) => quote.QuoteId} labelledBy={labelledBy} server={server} empty={empty} />
    </Box>
  );
}
