import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ORDER_APPROVAL_STATUSES } from '@cmp/contracts/orders';
import type { OrderFilterState, StatusFilter } from './useOrderList';

interface OrderFiltersProps {
  filter: OrderFilterState;
  onChange: (filter: OrderFilterState) => void;
  isRangeReversed: boolean;
  /** Request review lists pending orders only: no status to choose. */
  showStatus?: boolean;
}

/** The filters of an order list: text (service, company, account, orderer), status and the date range of creation. */
export function OrderFilters({ filter, onChange, isRangeReversed, showStatus = true }: OrderFiltersProps) {
  const { t } = useTranslation();
  const dateProps = { size: 'small', type: 'date', slotProps: { inputLabel: { shrink: true } }, sx: { minWidth: 170 } } as const;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField size="small" type="search" label={t('orders.filter_text')} value={filter.text} onChange={(event) => onChange({ ...filter, text: event.target.value })} sx={{ minWidth: 280 }} />
      {showStatus && (
        <TextField size="small" select label={t('orders.filter_status')} value={filter.status} onChange={(event) => onChange({ ...filter, status: event.target.value as StatusFilter })} sx={{ minWidth: 180 }}>
          <MenuItem value="All">{t('orders.status_all')}</MenuItem>
          {ORDER_APPROVAL_STATUSES.map((each) => (
            <MenuItem key={each} value={each}>
              {t(`orders.status.${each}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField {...dateProps} label={t('orders.filter_from')} value={filter.from} onChange={(event) => onChange({ ...filter, from: event.target.value })} />
      <TextField
        {...dateProps}
        label={t('orders.filter_to')}
        value={filter.to}
        onChange={(event) => onChange({ ...filter, to: event.target.value })}
        error={isRangeReversed}
        helperText={isRangeReversed ? t('orders.range_reversed') : undefined}
      />
    </Stack>
  );
}
