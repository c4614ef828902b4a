import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ServiceInfo } from '@cmp/contracts/marketplace';
import { formatMoney } from '../../platform/money/formatMoney';
import { priceReason } from '../utils/priceText';

/** Every priceable item of a service with its price for the caller and the reason (issue 13). */
export function ServiceItemsTable({ service, labelledBy }: { service: ServiceInfo; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const currency = service.Currency ?? 'EUR';
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('marketplace.column_item')}</TableCell>
            <TableCell>{t('marketplace.column_fee_type')}</TableCell>
            <TableCell>{t('marketplace.column_unit')}</TableCell>
            <TableCell align="right">{t('marketplace.column_price')}</TableCell>
            <TableCell>{t('marketplace.column_reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {service.Items.map((item) => (
            <TableRow key={item.PriceableItemId}>
              <TableCell component="th" scope="row">
                {item.Name}
              </TableCell>
              <TableCell>{t(`marketplace.fee_types.${item.FeeType}`)}</TableCell>
              <TableCell>{item.Unit ?? t('marketplace.none')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {item.SalesPrice === null ? t('marketplace.no_price') : formatMoney(item.SalesPrice, currency, i18n.language)}
              </TableCell>
              <TableCell>{priceReason(t, i18n.language, item, currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
