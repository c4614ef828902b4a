import { useTranslation } from 'react-i18next';
import { mdiDeleteOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CustomCharge, CustomChargeSortField, CustomChargeStatus } from '@cmp/contracts/customCharges';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { RowActionButton } from '../../pricing/components/RowActionButton';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';

interface CustomChargesTableProps {
  charges: CustomCharge[];
  labelledBy: string;
  sort: SortState<CustomChargeSortField>;
  onSort: (sort: SortState<CustomChargeSortField>) => void;
  /** The caller sells these charges: it sees their cost. A buyer gets no cost from the server, so no column either (issue 30). */
  showCost: boolean;
  /** Offered to the company's reseller: pending charges can be deleted (after confirmation). */
  onDelete?: (charge: CustomCharge) => void;
}

// Amounts line up on their decimal places: right-aligned, figures of one width.
const amountSx = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
// The status's colour is on the border only: coloured text on white would miss WCAG contrast.
const STATUS_BORDER: Record<CustomChargeStatus, string> = { PendingBilling: 'warning.main', Billed: 'success.main' };

/** The charges of a company: name and description, price, cost (seller only), status, creator, date created (UTC), attachment. */
export function CustomChargesTable({ charges, labelledBy, sort, onSort, showCost, onDelete }: CustomChargesTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="Name" sort={sort} onSort={onSort}>
              {t('custom_charges.column_name')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Price" sort={sort} onSort={onSort} align="right">
              {t('custom_charges.column_price')}
            </SortableHeaderCell>
            {showCost && (
              <SortableHeaderCell field="Cost" sort={sort} onSort={onSort} align="right">
                {t('custom_charges.column_cost')}
              </SortableHeaderCell>
            )}
            <SortableHeaderCell field="Status" sort={sort} onSort={onSort}>
              {t('custom_charges.column_status')}
            </SortableHeaderCell>
            <SortableHeaderCell field="CreatedBy" sort={sort} onSort={onSort}>
              {t('custom_charges.column_created_by')}
            </SortableHeaderCell>
            <SortableHeaderCell field="CreatedAt" sort={sort} onSort={onSort}>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {t('custom_charges.column_created_at')}
              </Box>
            </SortableHeaderCell>
            <TableCell>{t('custom_charges.column_attachment')}</TableCell>
            {onDelete && (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('custom_charges.column_actions')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {charges.map((charge) => (
            <TableRow key={charge.CustomChargeId} hover>
              <TableCell component="th" scope="row" sx={{ minWidth: 220, overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {charge.Name}
                </Typography>
                {charge.Description && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {charge.Description}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{formatMoney(charge.Price, charge.Currency, locale)}</TableCell>
              {showCost && <TableCell sx={amountSx}>{charge.Cost === undefined ? '' : formatMoney(charge.Cost, charge.Currency, locale)}</TableCell>}
              <TableCell>
                <Chip size="small" variant="outlined" label={t(`custom_charges.status.${charge.Status}`)} sx={{ color: 'text.primary', borderWidth: 2, borderColor: STATUS_BORDER[charge.Status] }} />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>{charge.CreatedByName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('custom_charges.utc_time', { time: formatDateTime(charge.CreatedAt, locale, 'UTC') })}</TableCell>
              <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                {charge.Attachment ? (
                  <MuiLink href={charge.Attachment.DownloadUrl} download aria-label={t('custom_charges.download_attachment', { name: charge.Attachment.FileName })}>
                    {charge.Attachment.FileName}
                  </MuiLink>
                ) : (
                  <Typography variant="body2" color="text.secondary" component="span">
                    {t('custom_charges.no_attachment')}
                  </Typography>
                )}
              </TableCell>
              {onDelete && (
                <TableCell sx={{ width: '1%' }}>
                  {charge.Status === 'PendingBilling' && <RowActionButton label={t('custom_charges.delete_charge', { name: charge.Name })} icon={mdiDeleteOutline} onClick={() => onDelete(charge)} />}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
