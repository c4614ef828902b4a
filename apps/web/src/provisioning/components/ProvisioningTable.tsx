import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProvisioningActionResult, ProvisioningOrderStatus, ProvisioningRequest, ProvisioningSortField } from '@cmp/contracts/provisioning';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';

interface ProvisioningTableProps {
  requests: ProvisioningRequest[];
  labelledBy: string;
  sort: SortState<ProvisioningSortField>;
  onSort: (sort: SortState<ProvisioningSortField>) => void;
  /** Offered when the caller may act: the ids selected for a bulk action. */
  selection?: { selected: ReadonlySet<number>; onChange: (selected: Set<number>) => void };
  /** The answer of the last action, per request. */
  results: ReadonlyMap<number, ProvisioningActionResult>;
}

// The colour is on the border only: coloured text on white would miss WCAG contrast.
const STATUS_BORDER: Record<ProvisioningOrderStatus, string> = {
  Submitted: 'info.main',
  InProgress: 'info.main',
  Completed: 'success.main',
  Failed: 'error.main',
  Cancelled: 'grey.500',
};
const OUTCOME_COLOUR = { Done: 'success.dark', NotAllowed: 'warning.dark', NotFound: 'error.dark', Conflict: 'warning.dark' } as const;

/** Provisioning requests: service, customer, action, order and product status, error, send date (UTC), escalation. */
export function ProvisioningTable({ requests, labelledBy, sort, onSort, selection, results }: ProvisioningTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const utc = (iso: string) => t('provisioning.utc_time', { time: formatDateTime(iso, locale, 'UTC') });
  const pageIds = requests.map((r) => r.RequestId);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const toggle = (id: number) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (selectedOnPage === pageIds.length) pageIds.forEach((id) => next.delete(id));
    else pageIds.forEach((id) => next.add(id));
    selection.onChange(next);
  };

  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                  onChange={toggleAll}
                  slotProps={{ input: { 'aria-label': t('provisioning.select_all') } }}
                />
              </TableCell>
            )}
            <SortableHeaderCell field="Service" sort={sort} onSort={onSort}>
              {t('provisioning.column_service')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Customer" sort={sort} onSort={onSort}>
              {t('provisioning.column_customer')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Action" sort={sort} onSort={onSort}>
              {t('provisioning.column_action')}
            </SortableHeaderCell>
            <SortableHeaderCell field="OrderStatus" sort={sort} onSort={onSort}>
              {t('provisioning.column_order_status')}
            </SortableHeaderCell>
            <SortableHeaderCell field="ProductStatus" sort={sort} onSort={onSort}>
              {t('provisioning.column_product_status')}
            </SortableHeaderCell>
            <TableCell>{t('provisioning.column_error')}</TableCell>
            <SortableHeaderCell field="SendDate" sort={sort} onSort={onSort}>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {t('provisioning.column_send_date')}
              </Box>
            </SortableHeaderCell>
            <SortableHeaderCell field="Escalated" sort={sort} onSort={onSort}>
              {t('provisioning.column_escalated')}
            </SortableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {requests.map((request) => {
            const result = results.get(request.RequestId);
            const isSelected = selection?.selected.has(request.RequestId) ?? false;
            return (
              <TableRow key={request.RequestId} hover selected={isSelected} data-request-id={request.RequestId}>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isSelected}
                      onChange={() => toggle(request.RequestId)}
                      slotProps={{ input: { 'aria-label': t('provisioning.select_row', { id: request.RequestId, service: request.ServiceDisplayName, customer: request.CompanyName }) } }}
                    />
                  </TableCell>
                )}
                <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {request.ServiceDisplayName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('provisioning.request_number', { id: request.RequestId })}
                    {request.VendorName ? ` · ${request.VendorName}` : ''}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  {request.CompanyName}
                  {request.CustomerId && (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                      {request.CustomerId}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {t(`provisioning.request_action.${request.Action}`, { defaultValue: request.Action })}
                  {request.Quantity !== null && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('provisioning.quantity', { quantity: request.Quantity })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t(`provisioning.order_status.${request.OrderStatus}`)}
                    sx={{ color: 'text.primary', borderWidth: 2, borderColor: STATUS_BORDER[request.OrderStatus] }}
                  />
                  {result && (
                    <Typography variant="caption" component="div" sx={{ mt: 0.5, fontWeight: 500, color: OUTCOME_COLOUR[result.Outcome] }} data-testid="row-result">
                      {t(`provisioning.outcome.${result.Outcome}`)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{request.ProductStatus}</TableCell>
                <TableCell sx={{ minWidth: 220, maxWidth: 380, overflowWrap: 'anywhere' }}>
                  {request.ErrorMessage ?? (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('provisioning.no_error')}
                    </Typography>
                  )}
                  {result && result.Outcome !== 'Done' && (
                    <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
                      {result.Message}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{request.SendDate ? utc(request.SendDate) : t('provisioning.not_sent')}</TableCell>
                <TableCell sx={{ minWidth: 120 }}>
                  {request.EscalatedAt ? (
                    <>
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {utc(request.EscalatedAt)}
                      </Box>
                      {request.EscalatedByName && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t('provisioning.escalated_by', { name: request.EscalatedByName })}
                        </Typography>
                      )}
                    </>
                  ) : (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('provisioning.not_escalated')}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
