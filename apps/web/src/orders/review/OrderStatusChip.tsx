import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { OrderApprovalStatus } from '@cmp/contracts/orders';
import { STATUS_BORDER } from './orderFormat';

/** An order's approval status as a chip: the word in the user's language, the colour on the border. */
export function OrderStatusChip({ status }: { status: OrderApprovalStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" label={t(`orders.status.${status}`)} sx={{ color: 'text.primary', borderWidth: 2, borderColor: STATUS_BORDER[status] }} />;
}

/** The subscription's status in the user's language (a status the portal does not know is shown as sent), or a dash. */
export function useSubscriptionStatusText() {
  const { t } = useTranslation();
  return (status: string | null) => (status === null ? t('orders.no_subscription') : t(`orders.subscription_status.${status}`, { defaultValue: status }));
}
