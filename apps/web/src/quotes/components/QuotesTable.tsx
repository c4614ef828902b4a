import { useTranslation } from 'react-i18next';
import { mdiContentCopy, mdiDeleteOutline, mdiPencilOutline, mdiTextBoxSearchOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { QuoteSortField, QuoteSummary } from '@cmp/contracts/salesQuotes';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { RowActionButton } from '../../pricing/components/RowActionButton';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { amountSx } from '../../orders/review/orderFormat';
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

/** Quotes: name, customer, status, total, validity, created; details, edit, copy and delete per row. */
export function QuotesTable({ quotes, labelledBy, sort, onSort, actions }: { quotes: QuoteSummary[]; labelledBy: string; sort: SortState<QuoteSortField>; onSort: (sort: SortState<QuoteSortField>) => void; actions: QuoteRowActions }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="Name" sort={sort} onSort={onSort}>
              {t('quotes.column_name')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Customer" sort={sort} onSort={onSort}>
              {t('quotes.column_customer')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Status" sort={sort} onSort={onSort}>
              {t('quotes.column_status')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Total" sort={sort} onSort={onSort} align="right">
              {t('quotes.column_total')}
            </SortableHeaderCell>
            <SortableHeaderCell field="ValidUntil" sort={sort} onSort={onSort}>
              {t('quotes.column_valid_until')}
            </SortableHeaderCell>
            <SortableHeaderCell field="CreatedAt" sort={sort} onSort={onSort}>
              {t('quotes.column_created')}
            </SortableHeaderCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('quotes.column_actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quotes.map((quote) => {
            const name = t('quotes.quote_name', { id: quote.QuoteId, name: quote.Name });
            return (
              <TableRow key={quote.QuoteId} hover>
                <TableCell component="th" scope="row" sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {quote.Name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('quotes.quote_number', { id: quote.QuoteId })} · {quote.CreatedByName}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>{quote.CustomerName}</TableCell>
                <TableCell>
                  <QuoteStatusChip status={quote.Status} />
                </TableCell>
                <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{formatMoney(quote.Total, quote.Currency, locale)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatQuoteDay(quote.ValidUntil, locale)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(quote.CreatedAt, locale)}</TableCell>
                <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                  <RowActionButton label={t('quotes.show_details', { name })} icon={mdiTextBoxSearchOutline} onClick={() => actions.onDetails(quote)} />
                  {actions.canEdit(quote) && <RowActionButton label={t('quotes.edit_quote', { name })} icon={mdiPencilOutline} onClick={() => actions.onEdit(quote)} />}
                  {actions.canCopy(quote) && <RowActionButton label={t('quotes.copy_quote', { name })} icon={mdiContentCopy} onClick={() => actions.onCopy(quote)} />}
                  {actions.canDelete(quote) && <RowActionButton label={t('quotes.delete_quote', { name })} icon={mdiDeleteOutline} onClick={() => actions.onDelete(quote)} />}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
