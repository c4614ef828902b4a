import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { DELETABLE_QUOTE_STATUSES, QUOTE_STATUSES, type QuoteDetail, type QuoteScope, type QuoteSummary } from '@cmp/contracts/salesQuotes';
import { callOperation } from '../../platform/api/callOperation';
import { failureText } from '../../platform/api/failureText';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { quotesQueryKey } from '../api/quotesApi';
import { useQuoteList, type QuoteStatusFilter } from '../hooks/useQuoteList';
import { useQuoteActions } from '../hooks/useQuoteActions';
import { QuoteDetailsDialog } from './QuoteDetailsDialog';
import { QuoteEditorDialog } from './QuoteEditorDialog';
import { QuotesTable } from './QuotesTable';

const CAN_CREATE = { any: [requirement('QUOTATION_TOOL', ['Create']), requirement('SALESQUOTE', ['Create'])] };
const CAN_DELETE = { any: [requirement('QUOTATION_TOOL', ['Delete']), requirement('SALESQUOTE', ['Delete'])] };

interface QuotesListProps {
  scope: QuoteScope;
  titleKey: string;
  introKey: string;
}

/**
 * A list of quotes (My quotes, Customer quotes, the deprecated sales tool): filter by text and
 * status, sort, page; a new quote, and per quote its details with send, accept, reject, edit, copy
 * and delete as the caller may. The customer's side sees a quote once it was sent.
 */
export function QuotesList({ scope, titleKey, introKey }: QuotesListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const capabilities = user?.Capability ?? [];
  const companyId = user?.CompanyAccount.AccountId;
  // Quotes go from a reseller (or the platform owner) to the companies below it: a company has no customers to quote.
  const isSeller = user !== undefined && user.CompanyAccount.AccountType !== 'Company';
  const canCreate = isSeller && isAllowed(capabilities, CAN_CREATE);
  const canDelete = isAllowed(capabilities, CAN_DELETE);
  const list = useQuoteList(scope);
  const [detailsId, setDetailsId] = useState<number>();
  const [editing, setEditing] = useState<{ quote?: QuoteDetail }>();
  const actions = useQuoteActions((changed) => setDetailsId(changed?.QuoteId));
  const isSellerSide = (quote: QuoteSummary) => quote.CustomerAccountId !== companyId;
  const loadDetail = (quote: QuoteSummary) =>
    queryClient.fetchQuery({ queryKey: [...quotesQueryKey, 'detail', quote.QuoteId], queryFn: () => callOperation<{ Quote: QuoteDetail }>('ISalesQuoteService', 'GetQuote', { quoteId: quote.QuoteId }).then((answer) => answer.Quote) });
  const { query } = list;
  const data = query.data;

  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h4" component="h1">
          {t(titleKey)}
        </Typography>
        {canCreate && (
          <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} onClick={() => setEditing({})}>
            {t('quotes.new_quote')}
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(introKey)}
      </Typography>
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('quotes.list_title')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField size="small" type="search" label={t('quotes.filter_text')} value={list.text} onChange={(event) => list.setText(event.target.value)} sx={{ minWidth: 280 }} />
          <TextField size="small" select label={t('quotes.filter_status')} value={list.status} onChange={(event) => list.setStatus(event.target.value as QuoteStatusFilter)} sx={{ minWidth: 180 }}>
            <MenuItem value="All">{t('quotes.status_all')}</MenuItem>
            {QUOTE_STATUSES.map((each) => (
              <MenuItem key={each} value={each}>
                {t(`quotes.status.${each}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('quotes.loading')} /> : <div style={{ height: 4 }} />}
        {query.isPending && <LoadingIndicator />}
        {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
        {data && (
          <QuotesTable
            quotes={data.Quotes}
            labelledBy={headingId}
            server={list.paging(data.Total)}
            empty={
              <Typography role="status" sx={{ py: 3 }}>
                {list.isFiltered ? t('quotes.none_matching') : t('quotes.none')}
              </Typography>
            }
            actions={{
              onDetails: (quote) => setDetailsId(quote.QuoteId),
              canEdit: (quote) => canCreate && isSellerSide(quote) && quote.Status === 'Draft',
              canCopy: (quote) => canCreate && isSellerSide(quote),
              canDelete: (quote) => canDelete && isSellerSide(quote) && DELETABLE_QUOTE_STATUSES.includes(quote.Status),
              onEdit: (quote) => void loadDetail(quote).then((detail) => setEditing({ quote: detail })),
              onCopy: (quote) => void loadDetail(quote).then((detail) => actions.copy(detail)),
              onDelete: (quote) => void actions.remove(quote),
            }}
          />
        )}
      </Paper>
      {detailsId !== undefined && (
        <QuoteDetailsDialog
          quoteId={detailsId}
          actions={actions}
          canCopy={canCreate}
          onEdit={(quote) => {
            setDetailsId(undefined);
            setEditing({ quote });
          }}
          onClose={() => setDetailsId(undefined)}
        />
      )}
      {editing && (
        <QuoteEditorDialog
          sellerAccountId={companyId}
          quote={editing.quote}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
            setDetailsId(saved.QuoteId);
          }}
        />
      )}
      {actions.dialog}
    </Box>
  );
}
