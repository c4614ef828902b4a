import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AvailableService } from '@cmp/contracts/orders';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { priceLabel } from '../../marketplace/utils/priceText';
import { orderServicePath } from './orderWizardState';

/** Pick one service (the wizard's step) or order one (the account's available services). */
export type ServiceTableAction =
  | { kind: 'select'; selected: string | undefined; onSelect: (service: AvailableService) => void }
  | { kind: 'order'; accountId: number; canOrder: boolean };

interface AvailableServicesTableProps {
  services: AvailableService[];
  currency: string | null;
  labelledBy: string;
  action: ServiceTableAction;
}

/** The services an account may order: name, vendor, category, its price per unit and period, the terms it offers. */
export function AvailableServicesTable({ services, currency, labelledBy, action }: AvailableServicesTableProps) {
  const { t, i18n } = useTranslation();
  const priceText = (service: AvailableService) =>
    service.Price === null || !currency
      ? t(`marketplace.problems.${service.Problem ?? 'no_rule'}`)
      : priceLabel(t, i18n.language, { amount: service.Price, currency, feeType: 'Recurring', unit: service.PriceUnit }, service.BillingPeriod);
  const termsText = (service: AvailableService) => service.Commitments.map((term) => t(`order_wizard.commitments.${term}`)).join(', ') || t('order_wizard.no_terms');
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {action.kind === 'select' && (
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {t('order_wizard.available_column_choose')}
                </Box>
              </TableCell>
            )}
            <TableCell>{t('order_wizard.available_column_name')}</TableCell>
            <TableCell>{t('order_wizard.available_column_vendor')}</TableCell>
            <TableCell>{t('order_wizard.available_column_category')}</TableCell>
            <TableCell>{t('order_wizard.available_column_price')}</TableCell>
            <TableCell>{t('order_wizard.available_column_terms')}</TableCell>
            {action.kind === 'order' && (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('order_wizard.available_column_actions')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {services.map((service) => {
            const isOrderable = service.Price !== null && service.Commitments.length > 0;
            const isSelected = action.kind === 'select' && action.selected === service.ProductName;
            return (
              <TableRow
                key={service.ProductName}
                hover={action.kind === 'select' && isOrderable}
                selected={isSelected}
                onClick={action.kind === 'select' && isOrderable ? () => action.onSelect(service) : undefined}
                sx={action.kind === 'select' && isOrderable ? { cursor: 'pointer' } : undefined}
              >
                {action.kind === 'select' && (
                  <TableCell padding="checkbox">
                    <Radio
                      name="order-service"
                      value={service.ProductName}
                      checked={isSelected}
                      disabled={!isOrderable}
                      onChange={() => action.onSelect(service)}
                      slotProps={{ input: { 'aria-label': service.DisplayName } }}
                    />
                  </TableCell>
                )}
                <TableCell component="th" scope="row" sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {service.DisplayName}
                  </Typography>
                  {service.Description && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {service.Description}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{service.VendorName}</TableCell>
                <TableCell>{service.Category ?? '—'}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{priceText(service)}</TableCell>
                <TableCell>{termsText(service)}</TableCell>
                {action.kind === 'order' && (
                  <TableCell sx={{ width: '1%' }}>
                    {action.canOrder && isOrderable && (
                      <Button
                        size="small"
                        variant="outlined"
                        component={RouterLink}
                        to={orderServicePath({ accountId: action.accountId, service: service.ProductName })}
                        aria-label={t('order_wizard.order_service_named', { name: service.DisplayName })}
                      >
                        {t('order_wizard.order_button')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
