import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiDeleteOutline } from '@mdi/js';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CustomCharge, CustomChargeSortField, CustomChargeStatus } from '@cmp/contracts/customCharges';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';

interface CustomChargesTableProps {
  charges: CustomCharge[];
  labelledBy: string;
  server: ServerPaging<CustomChargeSortField>;
  empty: ReactNode;
  /** The caller sells these charges: it sees their cost. A buyer gets no cost from the server, so no column either (issue 30). */
  showCost: boolean;
  /** Offered to the company's reseller: pending charges can be deleted (after confirmation). */
  onDelete?: (charge: CustomCharge) => void;
}

// Amounts line up on their decimal places: right-aligned, figures of one width.
const amountSx = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
// The status's colour is on the border only: coloured text on white would miss WCAG contrast.
const STATUS_BORDER: Record<CustomChargeStatus, string> = { PendingBilling: 'warning.main', Billed: 'success.main' };

/** The charges of a company, sorted and paged on the server: name and description, price, cost (seller only), status, creator, date created (UTC), attachment. */
export function CustomChargesTable({ charges, labelledBy, server, empty, showCost, onDelete }: CustomChargesTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns: DataColumn<CustomCharge>[] = [
    {
      id: 'Name',
      header: t('custom_charges.column_name'),
      sortable: true,
      isRowHeader: true,
      cellSx: { minWidth: 220, overflowWrap: 'anywhere' },
      cell: (charge) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {charge.Name}
          </Typography>
          {charge.Description && (
            <Typography variant="caption" color="text.secondary" component="div">
              {charge.Description}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'Price', header: t('custom_charges.column_price'), sortable: true, align: 'right', cellSx: { ...amountSx, fontWeight: 500 }, cell: (charge) => formatMoney(charge.Price, charge.Currency, locale) },
    ...(showCost
      ? [{ id: 'Cost', header: t('custom_charges.column_cost'), sortable: true, align: 'right', cellSx: amountSx, cell: (charge) => (charge.Cost === undefined ? '' : formatMoney(charge.Cost, charge.Currency, locale)) } satisfies DataColumn<CustomCharge>]
      : []),
    {
      id: 'Status',
      header: t('custom_charges.column_status'),
      sortable: true,
      cell: (charge) => <Chip size="small" variant="outlined" label={t(`custom_charges.status.${charge.Status}`)} sx={{ color: 'text.primary', borderWidth: 2, borderColor: STATUS_BORDER[charge.Status] }} />,
    },
    { id: 'CreatedBy', header: t('custom_charges.column_created_by'), sortable: true, isHideable: true, cellSx: { minWidth: 120 }, cell: (charge) => charge.CreatedByName },
    { id: 'CreatedAt', header: t('custom_charges.column_created_at'), sortable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (charge) => t('custom_charges.utc_time', { time: formatDateTime(charge.CreatedAt, locale, 'UTC') }) },
    {
      id: 'Attachment',
      header: t('custom_charges.column_attachment'),
      isHideable: true,
      cellSx: { minWidth: 140, overflowWrap: 'anywhere' },
      cell: (charge) =>
        charge.Attachment ? (
          <MuiLink href={charge.Attachment.DownloadUrl} download aria-label={t('custom_charges.download_attachment', { name: charge.Attachment.FileName })}>
            {charge.Attachment.FileName}
          </MuiLink>
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {t('custom_charges.no_attachment')}
          </Typography>
        ),
    },
  ];
  if (onDelete) {
    columns.push({
      id: 'actions',
      header: t('custom_charges.column_actions'),
      isHeaderHidden: true,
      cellSx: { width: '1%' },
      cell: (charge) => charge.Status === 'PendingBilling' && <RowActionButton label={t('custom_charges.delete_charge', { name: charge.Name })} icon={mdiDeleteOutline} onClick={() => onDelete(charge)} />,
    });
  }
  return (
    <DataTable
      tableId="custom-charges"
      rows={charges}
      columns={columns}
      rowKey={(charge) => charge.CustomChargeId}
      labelledBy={labelledBy}
      server={server}
      empty={empty}
      sx={{ '& td, & th': { px: 1 } }}
    />
  );
}
