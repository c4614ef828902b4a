import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ProvisioningActionResult, ProvisioningOrderStatus, ProvisioningRequest, ProvisioningSortField } from '@cmp/contracts/provisioning';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';

interface ProvisioningTableProps {
  requests: readonly ProvisioningRequest[];
  labelledBy: string;
  describedBy?: string;
  server: ServerPaging<ProvisioningSortField>;
  isLoading: boolean;
  error: ReactNode;
  empty: ReactNode;
  /** Offered when the caller may act: the actions on the selected requests. */
  bulkActions?: (selected: ProvisioningRequest[], clearSelection: () => void) => ReactNode;
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
export function ProvisioningTable({ requests, results, bulkActions, ...list }: ProvisioningTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const utc = (iso: string) => t('provisioning.utc_time', { time: formatDateTime(iso, locale, 'UTC') });
  const secondary = (text: string) => (
    <Typography variant="body2" color="text.secondary" component="span">
      {text}
    </Typography>
  );
  // The server sorts by the fields of PROVISIONING_SORT_FIELDS: those columns carry the field as their id.
  const columns: DataColumn<ProvisioningRequest>[] = [
    {
      id: 'Service',
      header: t('provisioning.column_service'),
      isRowHeader: true,
      sortable: true,
      cellSx: { minWidth: 160 },
      cell: (request) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {request.ServiceDisplayName}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('provisioning.request_number', { id: request.RequestId })}
            {request.VendorName ? ` · ${request.VendorName}` : ''}
          </Typography>
        </>
      ),
    },
    {
      id: 'Customer',
      header: t('provisioning.column_customer'),
      sortable: true,
      cellSx: { minWidth: 140 },
      cell: (request) => (
        <>
          {request.CompanyName}
          {request.CustomerId && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {request.CustomerId}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'Action',
      header: t('provisioning.column_action'),
      sortable: true,
      cellSx: { whiteSpace: 'nowrap' },
      cell: (request) => (
        <>
          {t(`provisioning.request_action.${request.Action}`, { defaultValue: request.Action })}
          {request.Quantity !== null && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('provisioning.quantity', { quantity: request.Quantity })}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'OrderStatus',
      header: t('provisioning.column_order_status'),
      sortable: true,
      cell: (request) => {
        const result = results.get(request.RequestId);
        return (
          <>
            <Chip size="small" variant="outlined" label={t(`provisioning.order_status.${request.OrderStatus}`)} sx={{ color: 'text.primary', borderWidth: 2, borderColor: STATUS_BORDER[request.OrderStatus] }} />
            {result && (
              <Typography variant="caption" component="div" sx={{ mt: 0.5, fontWeight: 500, color: OUTCOME_COLOUR[result.Outcome] }} data-testid="row-result">
                {t(`provisioning.outcome.${result.Outcome}`)}
              </Typography>
            )}
          </>
        );
      },
    },
    { id: 'ProductStatus', header: t('provisioning.column_product_status'), sortable: true, cell: (request) => request.ProductStatus },
    {
      id: 'ErrorMessage',
      header: t('provisioning.column_error'),
      cellSx: { minWidth: 220, maxWidth: 380, overflowWrap: 'anywhere' },
      cell: (request) => {
        const result = results.get(request.RequestId);
        return (
          <>
            {request.ErrorMessage ?? secondary(t('provisioning.no_error'))}
            {result && result.Outcome !== 'Done' && (
              <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
                {result.Message}
              </Typography>
            )}
          </>
        );
      },
    },
    { id: 'SendDate', header: t('provisioning.column_send_date'), sortable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (request) => (request.SendDate ? utc(request.SendDate) : t('provisioning.not_sent')) },
    {
      id: 'Escalated',
      header: t('provisioning.column_escalated'),
      sortable: true,
      cellSx: { minWidth: 120 },
      cell: (request) =>
        request.EscalatedAt ? (
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
          secondary(t('provisioning.not_escalated'))
        ),
    },
  ];
  return (
    <DataTable
      tableId="provisioning-requests"
      rows={requests}
      columns={columns}
      rowKey={(request) => request.RequestId}
      sx={{ '& td, & th': { px: 1 } }}
      selection={
        bulkActions && {
          rowLabel: (request) => t('provisioning.select_row', { id: request.RequestId, service: request.ServiceDisplayName, customer: request.CompanyName }),
          actions: bulkActions,
        }
      }
      {...list}
    />
  );
}
