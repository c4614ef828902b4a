import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import type { AvailableService } from '@cmp/contracts/orders';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { priceLabel } from '../../platform/money/priceText';
import { orderServicePath } from './orderWizardState';

/** Pick one service (the wizard's step) or order one (the account's available services). */
export type ServiceTableAction =
  | { kind: 'select'; selected: string | undefined; onSelect: (service: AvailableService) => void }
  | { kind: 'order'; accountId: number; canOrder: boolean };

interface AvailableServicesTableProps {
  services: readonly AvailableService[];
  currency: string | null;
  labelledBy: string;
  action: ServiceTableAction;
  server: ServerPaging<string>;
  error: ReactNode;
  empty: ReactNode;
}

const isOrderable = (service: AvailableService) => service.Price !== null && service.Commitments.length > 0;

/** The services an account may order: name, vendor, category, its price per unit and period, the terms it offers. */
export function AvailableServicesTable({ services, currency, labelledBy, action, ...list }: AvailableServicesTableProps) {
  const { t, i18n } = useTranslation();
  const radioIdPrefix = useId();
  const radioId = (service: AvailableService) => `${radioIdPrefix}-${service.ProductName}`;
  const priceText = (service: AvailableService) =>
    service.Price === null || !currency
      ? t(`marketplace.problems.${service.Problem ?? 'no_rule'}`)
      : priceLabel(t, i18n.language, { amount: service.Price, currency, feeType: 'Recurring', unit: service.PriceUnit }, service.BillingPeriod);
  const termsText = (service: AvailableService) => service.Commitments.map((term) => t(`order_wizard.commitments.${term}`)).join(', ') || t('order_wizard.no_terms');
  const isSelecting = action.kind === 'select';

  const columns: DataColumn<AvailableService>[] = [
    ...(action.kind === 'select'
      ? [
          {
            id: 'choose',
            header: t('order_wizard.available_column_choose'),
            isHeaderHidden: true,
            cellSx: { width: '1%', py: 0 },
            cell: (service: AvailableService) => (
              <Radio
                id={radioId(service)}
                name="order-service"
                value={service.ProductName}
                checked={action.selected === service.ProductName}
                disabled={!isOrderable(service)}
                onChange={() => action.onSelect(service)}
                slotProps={{ input: { 'aria-label': service.DisplayName } }}
              />
            ),
          },
        ]
      : []),
    {
      id: 'name',
      header: t('order_wizard.available_column_name'),
      isRowHeader: true,
      cellSx: { minWidth: 200, overflowWrap: 'anywhere' },
      cell: (service) => (
        <>
          {/* In the wizard the name is the radio's label too: a larger target than the radio alone. */}
          <Typography
            variant="body2"
            component={isSelecting ? 'label' : 'div'}
            htmlFor={isSelecting ? radioId(service) : undefined}
            sx={{ fontWeight: 500, display: 'block', cursor: isSelecting && isOrderable(service) ? 'pointer' : undefined }}
          >
            {service.DisplayName}
          </Typography>
          {service.Description && (
            <Typography variant="caption" color="text.secondary" component="div">
              {service.Description}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'vendor', header: t('order_wizard.available_column_vendor'), cell: (service) => service.VendorName },
    { id: 'category', header: t('order_wizard.available_column_category'), cell: (service) => service.Category ?? '—' },
    { id: 'price', header: t('order_wizard.available_column_price'), cell: priceText, cellSx: { fontVariantNumeric: 'tabular-nums' } },
    { id: 'terms', header: t('order_wizard.available_column_terms'), cell: termsText },
    ...(action.kind === 'order'
      ? [
          {
            id: 'actions',
            header: t('order_wizard.available_column_actions'),
            isHeaderHidden: true,
            cellSx: { width: '1%' },
            cell: (service: AvailableService) =>
              action.canOrder &&
              isOrderable(service) && (
                <Button
                  size="small"
                  variant="outlined"
                  component={RouterLink}
                  to={orderServicePath({ accountId: action.accountId, service: service.ProductName })}
                  aria-label={t('order_wizard.order_service_named', { name: service.DisplayName })}
                >
                  {t('order_wizard.order_button')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <DataTable
      tableId="available-services"
      rows={services}
      columns={columns}
      rowKey={(service) => service.ProductName}
      labelledBy={labelledBy}
      sx={{ '& td, & th': { px: 1 } }}
      rowSx={(service) => (action.kind === 'select' && action.selected === service.ProductName ? { bgcolor: 'action.selected' } : undefined)}
      {...list}
    />
  );
}
