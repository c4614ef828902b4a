import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button, { type ButtonProps } from '@mui/material/Button';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { useSessionUser } from '../../platform/session/currentUser';
import { orderServicePath } from './orderWizardState';

/** spec §6 "New menu needs Create on product account (order service)": the same rule guards the wizard's route. */
const ORDER_SERVICE = requirement('PRODUCT_ACCOUNT', ['Create']);

interface OrderServiceButtonProps {
  /** The service's product name (a search result's Id). */
  service: string;
  /**
   * The id of what names the service (a card's heading), read as the button's description where several
   * share the page; the name stays "Order", as seen.
   */
  describedBy?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** "Order" on Explore and the service page (issue 14): opens the wizard with the service chosen; only for callers who may order. */
export function OrderServiceButton({ service, describedBy, size = 'medium', variant = 'contained' }: OrderServiceButtonProps) {
  const { t } = useTranslation();
  const canOrder = isAllowed(useSessionUser()?.Capability ?? [], ORDER_SERVICE);
  if (!canOrder) return null;
  return (
    <Button component={RouterLink} to={orderServicePath({ service })} size={size} variant={variant} aria-describedby={describedBy}>
      {t('order_wizard.order_button')}
    </Button>
  );
}
